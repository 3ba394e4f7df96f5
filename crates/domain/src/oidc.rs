//! Tokens of the team's OpenID Connect provider (README "Signing in"): the rules that need no
//! crypto. A token is split and its header checked here (RS256 or ES256 only, never `none` or HS256
//! on this path), the provider's key is chosen from its JWKS by `kid` and type, and the claims are
//! checked (issuer, audience, expiry with the 30 s leeway, a verified email for a first sign-in).
//! The signature itself is checked by the runtime (Web Crypto in the Worker) over `signing_input`.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::Deserialize;
use serde_json::Value;

use crate::token::{TokenError, LEEWAY_SECONDS};

/// The algorithms a provider's token may use. HS256 stays on the operator path (`token::verify`).
pub const ALGORITHMS: &[&str] = &["RS256", "ES256"];

#[derive(Debug, Clone, Deserialize)]
pub struct JwtHeader {
    pub alg: String,
    #[serde(default)]
    pub kid: Option<String>,
}

/// The claims Plug reads from a provider's token.
#[derive(Debug, Clone, Deserialize, Default)]
pub struct OidcClaims {
    #[serde(default)]
    pub iss: Option<String>,
    #[serde(default)]
    pub sub: Option<String>,
    #[serde(default)]
    pub aud: Option<Value>,
    #[serde(default)]
    pub exp: Option<f64>,
    #[serde(default)]
    pub nbf: Option<f64>,
    #[serde(default)]
    pub iat: Option<f64>,
    /// The client the token was issued to (OpenID Connect Core 2).
    #[serde(default)]
    pub azp: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub email_verified: Option<Value>,
    #[serde(default)]
    pub name: Option<String>,
}

/// A token taken apart, nothing verified yet.
#[derive(Debug, Clone)]
pub struct Parsed<'a> {
    pub header: JwtHeader,
    pub claims: OidcClaims,
    /// `header.payload`: what the signature covers.
    pub signing_input: &'a str,
    pub signature: Vec<u8>,
}

/// A base64url part as text. Parsed with `from_str` (never `from_slice`): the Worker already
/// carries serde_json's `str` reader, and a second reader would cost wasm size.
fn decode_text(part: &str) -> Option<String> {
    String::from_utf8(URL_SAFE_NO_PAD.decode(part).ok()?).ok()
}

/// The algorithm a token's header names, if it has a readable header: picks the verification path.
pub fn algorithm(token: &str) -> Option<String> {
    let header = token.split('.').next()?;
    serde_json::from_str::<JwtHeader>(&decode_text(header)?)
        .ok()
        .map(|h| h.alg)
}

/// The `exp` (seconds) a token's payload names, read without checking anything: only for a token
/// that has just been verified, to make something last as long as it does.
pub fn expiry(token: &str) -> Option<i64> {
    #[derive(Deserialize)]
    struct Exp {
        exp: Option<i64>,
    }
    let payload = token.split('.').nth(1)?;
    serde_json::from_str::<Exp>(&decode_text(payload)?)
        .ok()?
        .exp
}

/// Splits a compact JWS whose header names RS256 or ES256.
pub fn parse(token: &str) -> Result<Parsed<'_>, TokenError> {
    let mut parts = token.split('.');
    let (Some(h), Some(p), Some(s), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(TokenError::Malformed);
    };
    let text = |part: &str| decode_text(part).ok_or(TokenError::Malformed);
    let header: JwtHeader = serde_json::from_str(&text(h)?).map_err(|_| TokenError::Malformed)?;
    if !ALGORITHMS.contains(&header.alg.as_str()) {
        return Err(TokenError::Algorithm);
    }
    let claims: OidcClaims = serde_json::from_str(&text(p)?).map_err(|_| TokenError::Malformed)?;
    let signature = URL_SAFE_NO_PAD
        .decode(s)
        .map_err(|_| TokenError::Malformed)?;
    if signature.is_empty() {
        return Err(TokenError::Signature);
    }
    Ok(Parsed {
        header,
        claims,
        signing_input: &token[..h.len() + 1 + p.len()],
        signature,
    })
}

/// One public key of a JWKS (RFC 7517); only the members Plug needs.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct Jwk {
    pub kty: String,
    #[serde(default)]
    pub kid: Option<String>,
    #[serde(default)]
    pub alg: Option<String>,
    #[serde(default, rename = "use")]
    pub use_: Option<String>,
    #[serde(default)]
    pub crv: Option<String>,
    #[serde(default)]
    pub n: Option<String>,
    #[serde(default)]
    pub e: Option<String>,
    #[serde(default)]
    pub x: Option<String>,
    #[serde(default)]
    pub y: Option<String>,
}

impl Jwk {
    /// Whether this key may check a signature made with `alg`: the key type must fit the
    /// algorithm (an RSA key never checks ES256, nor HS256), and a key's own `alg`/`use` agree.
    pub fn fits(&self, alg: &str) -> bool {
        let kind = match alg {
            "RS256" => self.kty == "RSA" && self.n.is_some() && self.e.is_some(),
            "ES256" => {
                self.kty == "EC"
                    && self.crv.as_deref() == Some("P-256")
                    && self.x.is_some()
                    && self.y.is_some()
            }
            _ => false,
        };
        kind && self.alg.as_deref().is_none_or(|a| a == alg)
            && self.use_.as_deref().is_none_or(|u| u == "sig")
    }

    /// The key as JWK JSON holding public members only, for Web Crypto's `importKey`. The members
    /// are base64url (checked here), so they need no escaping.
    pub fn public_jwk(&self) -> Option<String> {
        let b64 = |v: &Option<String>| {
            v.as_deref()
                .filter(|s| {
                    s.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
                })
                .map(str::to_string)
        };
        match self.kty.as_str() {
            "RSA" => Some(format!(
                r#"{{"kty":"RSA","n":"{}","e":"{}"}}"#,
                b64(&self.n)?,
                b64(&self.e)?
            )),
            _ => Some(format!(
                r#"{{"kty":"EC","crv":"P-256","x":"{}","y":"{}"}}"#,
                b64(&self.x)?,
                b64(&self.y)?
            )),
        }
    }
}

#[derive(Debug, Clone, Deserialize, Default)]
pub struct Jwks {
    #[serde(default)]
    pub keys: Vec<Jwk>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum KeyChoice<'a> {
    Found(&'a Jwk),
    /// No key of that id (or none fitting): the provider may have rotated; refresh, then refuse.
    Unknown,
}

/// The key that checks a token with this header: by `kid` when the token names one, else the
/// only key fitting the algorithm.
pub fn choose_key<'a>(jwks: &'a Jwks, header: &JwtHeader) -> KeyChoice<'a> {
    let mut fitting = jwks.keys.iter().filter(|k| k.fits(&header.alg));
    let found = match &header.kid {
        Some(kid) => fitting.find(|k| k.kid.as_deref() == Some(kid.as_str())),
        None => {
            let all: Vec<&Jwk> = fitting.collect();
            (all.len() == 1).then(|| all[0])
        }
    };
    found.map_or(KeyChoice::Unknown, KeyChoice::Found)
}

/// What the Worker expects of a provider's token.
pub struct OidcExpectations<'a> {
    pub issuer: &'a str,
    /// Plug's audiences: `OIDC_AUDIENCE`, or else the client ids.
    pub audiences: &'a [&'a str],
    /// ID tokens (no `OIDC_AUDIENCE`): every value of `aud` must be Plug's, since a token also
    /// meant for another client is not Plug's (OpenID Connect Core 3.1.3.7). An access token
    /// (RFC 9068 4) only has to name Plug's audience among others (Auth0 adds its userinfo URL).
    pub id_tokens: bool,
    /// Plug's own clients (web and CLI): an `azp` must name one of them.
    pub clients: &'a [&'a str],
    /// Take `email` as verified without an `email_verified` claim (providers that only issue
    /// verified addresses and do not say so: Cloudflare Access, Entra ID).
    pub trust_email: bool,
}

/// A verified provider identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub issuer: String,
    pub subject: String,
    /// Lowercased, present only when the provider says it is verified.
    pub verified_email: Option<String>,
    pub name: Option<String>,
}

/// Checks the claims of a token whose signature already checked out.
pub fn check_claims(
    claims: &OidcClaims,
    now_ms: i64,
    expect: &OidcExpectations<'_>,
) -> Result<Identity, TokenError> {
    let now = now_ms as f64 / 1000.0;
    let leeway = LEEWAY_SECONDS as f64;
    let exp = claims.exp.ok_or(TokenError::MissingExpiry)?;
    if now > exp + leeway {
        return Err(TokenError::Expired);
    }
    // Not yet valid, or issued in the future (a clock far ahead, or a token minted for later).
    let from_the_future = |t: Option<f64>| t.is_some_and(|t| now + leeway < t);
    if from_the_future(claims.nbf) || from_the_future(claims.iat) {
        return Err(TokenError::NotYetValid);
    }
    if claims.iss.as_deref() != Some(expect.issuer) {
        return Err(TokenError::Issuer);
    }
    let audiences: Vec<&Value> = match &claims.aud {
        Some(Value::Array(list)) => list.iter().collect(),
        Some(one) => vec![one],
        None => Vec::new(),
    };
    let trusted = |a: &&Value| a.as_str().is_some_and(|a| expect.audiences.contains(&a));
    let audience_ok = if expect.id_tokens {
        !audiences.is_empty() && audiences.iter().all(trusted)
    } else {
        audiences.iter().any(trusted)
    };
    if !audience_ok {
        return Err(TokenError::Audience);
    }
    // Several audiences: the token must say which client it was issued to, and that is Plug.
    let azp_ok = match &claims.azp {
        Some(azp) => expect.clients.contains(&azp.as_str()),
        None => audiences.len() == 1,
    };
    if !azp_ok {
        return Err(TokenError::Audience);
    }
    let subject = claims
        .sub
        .clone()
        .filter(|s| !s.is_empty() && s.len() <= 255)
        .ok_or(TokenError::Malformed)?;
    let verified = expect.trust_email
        || matches!(&claims.email_verified, Some(Value::Bool(true)))
        || matches!(&claims.email_verified, Some(Value::String(s)) if s == "true");
    let verified_email = claims
        .email
        .as_deref()
        .filter(|_| verified)
        .map(str::to_ascii_lowercase)
        .filter(|e| email_domain(e).is_some());
    Ok(Identity {
        issuer: expect.issuer.to_string(),
        subject,
        verified_email,
        name: claims.name.clone(),
    })
}

/// The domain of an email address, lowercased: `ada@Example.org` -> `example.org`.
pub fn email_domain(email: &str) -> Option<String> {
    let (local, domain) = email.rsplit_once('@')?;
    let domain = domain.trim().to_ascii_lowercase();
    let valid = !local.is_empty() && is_domain(&domain);
    valid.then_some(domain)
}

/// A DNS name as an operator allows it: labels of letters, digits and hyphens, at least one dot.
pub fn is_domain(domain: &str) -> bool {
    domain.len() <= 253
        && domain.contains('.')
        && domain.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
}

/// A user slug for a first sign-in, from the email's local part: `Ada.Lovelace+x@…` ->
/// `ada-lovelace-x`; the caller appends a suffix when it is taken.
pub fn slug_from_email(email: &str) -> String {
    let local = email.split('@').next().unwrap_or("");
    let mut slug = String::new();
    for c in local.chars() {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let mut slug = slug.trim_end_matches('-').to_string();
    if !slug.starts_with(|c: char| c.is_ascii_lowercase()) {
        slug.insert_str(0, "u-");
    }
    slug.truncate(48);
    slug.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests;
