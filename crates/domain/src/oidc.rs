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
mod tests {
    use super::*;

    fn b64(s: &str) -> String {
        URL_SAFE_NO_PAD.encode(s)
    }

    const NOW: i64 = 1_795_255_200_000;
    const ISS: &str = "https://idp.example.com";

    fn claims(extra: Value) -> OidcClaims {
        let mut base = serde_json::json!({
            "iss": ISS, "sub": "abc", "aud": "plug-web", "exp": NOW / 1000 + 60,
            "email": "Ada@Example.org", "email_verified": true, "name": "Ada"
        });
        for (k, v) in extra.as_object().unwrap() {
            base[k] = v.clone();
        }
        serde_json::from_value(base).unwrap()
    }

    const EXPECT: OidcExpectations<'static> = OidcExpectations {
        issuer: ISS,
        audiences: &["plug-web", "plug-cli"],
        id_tokens: true,
        clients: &["plug-web", "plug-cli"],
        trust_email: false,
    };

    #[test]
    fn only_rs256_and_es256_take_this_path() {
        let payload = b64(r#"{"sub":"x"}"#);
        for alg in ["none", "HS256", "RS512", "PS256"] {
            let t = format!("{}.{payload}.c2ln", b64(&format!(r#"{{"alg":"{alg}"}}"#)));
            assert_eq!(parse(&t).unwrap_err(), TokenError::Algorithm, "{alg}");
        }
        let t = format!("{}.{payload}.c2ln", b64(r#"{"alg":"RS256","kid":"k1"}"#));
        let p = parse(&t).unwrap();
        assert_eq!(p.header.kid.as_deref(), Some("k1"));
        assert_eq!(p.signature, b"sig");
        assert_eq!(p.signing_input, &t[..t.rfind('.').unwrap()]);
        assert_eq!(algorithm(&t).as_deref(), Some("RS256"));
        let unsigned = format!("{}.{payload}.", b64(r#"{"alg":"ES256"}"#));
        assert_eq!(parse(&unsigned).unwrap_err(), TokenError::Signature);
        assert_eq!(parse("a.b").unwrap_err(), TokenError::Malformed);
    }

    fn rsa(kid: &str) -> Jwk {
        serde_json::from_value(serde_json::json!({"kty":"RSA","kid":kid,"n":"AQAB","e":"AQAB"}))
            .unwrap()
    }

    #[test]
    fn keys_are_chosen_by_kid_and_must_fit_the_algorithm() {
        let ec: Jwk = serde_json::from_value(
            serde_json::json!({"kty":"EC","kid":"e1","crv":"P-256","x":"AA","y":"AA"}),
        )
        .unwrap();
        let jwks = Jwks {
            keys: vec![rsa("r1"), rsa("r2"), ec.clone()],
        };
        let header = |alg: &str, kid: Option<&str>| JwtHeader {
            alg: alg.into(),
            kid: kid.map(str::to_string),
        };
        assert_eq!(
            choose_key(&jwks, &header("RS256", Some("r2"))),
            KeyChoice::Found(&jwks.keys[1])
        );
        assert_eq!(
            choose_key(&jwks, &header("RS256", Some("gone"))),
            KeyChoice::Unknown
        );
        // An RSA key never checks ES256 and the EC key never RS256, whatever the kid says.
        assert_eq!(
            choose_key(&jwks, &header("ES256", Some("r1"))),
            KeyChoice::Unknown
        );
        assert_eq!(
            choose_key(&jwks, &header("ES256", None)),
            KeyChoice::Found(&ec)
        );
        // No kid and two fitting keys: ambiguous, refused.
        assert_eq!(
            choose_key(&jwks, &header("RS256", None)),
            KeyChoice::Unknown
        );
        let mut enc = rsa("r3");
        enc.use_ = Some("enc".into());
        assert!(!enc.fits("RS256"));
        assert_eq!(
            rsa("r1").public_jwk().as_deref(),
            Some(r#"{"kty":"RSA","n":"AQAB","e":"AQAB"}"#)
        );
        let mut odd = rsa("r6");
        odd.n = Some("A\"B".into());
        assert_eq!(odd.public_jwk(), None);
        let mut pinned = rsa("r4");
        pinned.alg = Some("RS512".into());
        assert!(!pinned.fits("RS256"));
        assert!(!rsa("r5").fits("HS256"));
    }

    #[test]
    fn claims_are_checked() {
        let id = check_claims(&claims(serde_json::json!({})), NOW, &EXPECT).unwrap();
        assert_eq!(id.subject, "abc");
        assert_eq!(id.verified_email.as_deref(), Some("ada@example.org"));
        let both = serde_json::json!({"aud": ["plug-web", "plug-cli"], "azp": "plug-cli"});
        assert!(check_claims(&claims(both), NOW, &EXPECT).is_ok());
        let alone = serde_json::json!({"aud": ["plug-web"]});
        assert!(check_claims(&claims(alone), NOW, &EXPECT).is_ok());
        let now_issued = serde_json::json!({"iat": NOW / 1000 + 29});
        assert!(check_claims(&claims(now_issued), NOW, &EXPECT).is_ok());
        let cases = [
            // Also meant for another client (Core 3.1.3.7): not Plug's token.
            (
                serde_json::json!({"aud": ["other", "plug-cli"]}),
                TokenError::Audience,
            ),
            (
                serde_json::json!({"aud": ["other", "plug-cli"], "azp": "plug-cli"}),
                TokenError::Audience,
            ),
            // Two of Plug's audiences but no word of which client it was issued to.
            (
                serde_json::json!({"aud": ["plug-web", "plug-cli"]}),
                TokenError::Audience,
            ),
            (serde_json::json!({"azp": "other"}), TokenError::Audience),
            (serde_json::json!({"aud": []}), TokenError::Audience),
            (serde_json::json!({"aud": [7]}), TokenError::Audience),
            (
                serde_json::json!({"iat": NOW / 1000 + 3600}),
                TokenError::NotYetValid,
            ),
            (
                serde_json::json!({"iss": "https://evil.example"}),
                TokenError::Issuer,
            ),
            (serde_json::json!({"aud": "other"}), TokenError::Audience),
            (serde_json::json!({"aud": null}), TokenError::Audience),
            (serde_json::json!({"exp": null}), TokenError::MissingExpiry),
            (
                serde_json::json!({"exp": NOW / 1000 - 31}),
                TokenError::Expired,
            ),
            (
                serde_json::json!({"nbf": NOW / 1000 + 31}),
                TokenError::NotYetValid,
            ),
            (serde_json::json!({"sub": ""}), TokenError::Malformed),
        ];
        for (extra, err) in cases {
            assert_eq!(
                check_claims(&claims(extra.clone()), NOW, &EXPECT).unwrap_err(),
                err,
                "{extra}"
            );
        }
        let access = OidcExpectations {
            audiences: &["plug-api"],
            id_tokens: false,
            ..EXPECT
        };
        let auth0 =
            serde_json::json!({"aud": ["plug-api", "https://idp/userinfo"], "azp": "plug-web"});
        assert!(check_claims(&claims(auth0), NOW, &access).is_ok());
        let elsewhere = serde_json::json!({"aud": ["other-api"], "azp": "plug-web"});
        assert_eq!(
            check_claims(&claims(elsewhere), NOW, &access).unwrap_err(),
            TokenError::Audience
        );
        let late = claims(serde_json::json!({"exp": NOW / 1000 - 29}));
        assert!(check_claims(&late, NOW, &EXPECT).is_ok());
    }

    #[test]
    fn an_unverified_email_is_not_used() {
        for v in [
            serde_json::json!(false),
            Value::Null,
            serde_json::json!("false"),
        ] {
            let c = claims(serde_json::json!({ "email_verified": v }));
            assert_eq!(check_claims(&c, NOW, &EXPECT).unwrap().verified_email, None);
        }
        let c = claims(serde_json::json!({ "email_verified": "true" }));
        assert!(check_claims(&c, NOW, &EXPECT)
            .unwrap()
            .verified_email
            .is_some());
    }

    #[test]
    fn domains_and_slugs() {
        assert_eq!(
            email_domain("a@Example.ORG").as_deref(),
            Some("example.org")
        );
        assert_eq!(email_domain("a@localhost"), None);
        assert_eq!(email_domain("@example.org"), None);
        assert!(is_domain("corp.example.co.uk"));
        assert!(!is_domain("-x.example"));
        assert!(!is_domain("ex ample.org"));
        assert_eq!(
            slug_from_email("Ada.Lovelace+x@example.org"),
            "ada-lovelace-x"
        );
        assert_eq!(slug_from_email("42@example.org"), "u-42");
        assert_eq!(slug_from_email("__@example.org"), "u");
    }
}
