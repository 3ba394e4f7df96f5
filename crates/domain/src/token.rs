//! Bearer tokens (README "Signing in"): strict HS256 verification with jwt-compact
//! (exp required, at most 30 s leeway, optional iss/aud), and minting for the
//! operator API and the serving-origin session.

use chrono::{DateTime, Duration, Utc};
use jwt_compact::alg::{Hs256, Hs256Key};
use jwt_compact::{AlgorithmExt, Claims, Header, TimeOptions, UntrustedToken};
use serde::{Deserialize, Serialize};

pub const LEEWAY_SECONDS: i64 = 30;

/// The claims Plug reads; `sub` is the user's UUID.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct UserClaims {
    pub sub: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iss: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aud: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenError {
    Malformed,
    Algorithm,
    Signature,
    MissingExpiry,
    Expired,
    NotYetValid,
    Issuer,
    Audience,
}

/// What a verified token must also match, beyond signature and time.
pub struct Expectations<'a> {
    pub issuer: Option<&'a str>,
    pub audience: Option<&'a str>,
}

fn time_options(now_ms: i64) -> TimeOptions<impl Fn() -> DateTime<Utc>> {
    let now = DateTime::from_timestamp_millis(now_ms).unwrap_or_default();
    TimeOptions::new(Duration::seconds(LEEWAY_SECONDS), move || now)
}

/// Verifies an HS256 token and returns its subject.
pub fn verify(
    token: &str,
    secret: &[u8],
    now_ms: i64,
    expect: &Expectations<'_>,
) -> Result<String, TokenError> {
    verify_issued(token, secret, now_ms, expect).map(|(sub, _)| sub)
}

/// Like [`verify`], with the time the token was issued (`iat`, whole seconds, in milliseconds;
/// 0 without one): a session cookie older than its user's last sign-out opens nothing.
pub fn verify_issued(
    token: &str,
    secret: &[u8],
    now_ms: i64,
    expect: &Expectations<'_>,
) -> Result<(String, i64), TokenError> {
    let untrusted = UntrustedToken::new(token).map_err(|_| TokenError::Malformed)?;
    if untrusted.algorithm() != "HS256" {
        return Err(TokenError::Algorithm);
    }
    let key = Hs256Key::new(secret);
    let token = Hs256
        .validator::<UserClaims>(&key)
        .validate(&untrusted)
        .map_err(|e| match e {
            jwt_compact::ValidationError::AlgorithmMismatch { .. } => TokenError::Algorithm,
            jwt_compact::ValidationError::InvalidSignature => TokenError::Signature,
            _ => TokenError::Malformed,
        })?;
    let claims = token.claims();
    let options = time_options(now_ms);
    claims.validate_expiration(&options).map_err(|e| match e {
        jwt_compact::ValidationError::NoClaim(_) => TokenError::MissingExpiry,
        _ => TokenError::Expired,
    })?;
    if claims.not_before.is_some() {
        claims
            .validate_maturity(&options)
            .map_err(|_| TokenError::NotYetValid)?;
    }
    if let Some(iat) = claims.issued_at {
        if iat.timestamp_millis() > now_ms + LEEWAY_SECONDS * 1000 {
            return Err(TokenError::NotYetValid);
        }
    }
    if let Some(issuer) = expect.issuer {
        if claims.custom.iss.as_deref() != Some(issuer) {
            return Err(TokenError::Issuer);
        }
    }
    if let Some(audience) = expect.audience {
        if claims.custom.aud.as_deref() != Some(audience) {
            return Err(TokenError::Audience);
        }
    }
    if !crate::validate::is_uuid(&claims.custom.sub) {
        return Err(TokenError::Malformed);
    }
    let issued = claims.issued_at.map_or(0, |iat| iat.timestamp_millis());
    Ok((claims.custom.sub.clone(), issued))
}

/// Signs an HS256 token for `sub`, valid from `now_ms` for `ttl_seconds`.
pub fn mint(
    sub: &str,
    secret: &[u8],
    now_ms: i64,
    ttl_seconds: i64,
    issuer: Option<&str>,
    audience: Option<&str>,
) -> String {
    let options = time_options(now_ms);
    let claims = Claims::new(UserClaims {
        sub: sub.to_string(),
        iss: issuer.map(str::to_string),
        aud: audience.map(str::to_string),
    })
    .set_duration_and_issuance(&options, Duration::seconds(ttl_seconds));
    let header = Header::empty().with_token_type("JWT");
    Hs256
        .token(&header, &claims, &Hs256Key::new(secret))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    const SECRET: &[u8] = b"test-secret-of-some-length-0123456789";
    const SUB: &str = "0b5e2c1a-1111-4222-8333-444455556666";
    const NOW: i64 = 1_795_255_200_000;
    const NONE: Expectations<'static> = Expectations {
        issuer: None,
        audience: None,
    };

    #[test]
    fn a_minted_token_verifies_until_it_expires_plus_leeway() {
        let t = mint(SUB, SECRET, NOW, 60, None, None);
        assert_eq!(verify(&t, SECRET, NOW, &NONE).unwrap(), SUB);
        assert_eq!(verify(&t, SECRET, NOW + 89_000, &NONE).unwrap(), SUB);
        assert_eq!(
            verify(&t, SECRET, NOW + 91_000, &NONE),
            Err(TokenError::Expired)
        );
    }

    #[test]
    fn the_time_a_token_was_issued_comes_back_in_whole_seconds() {
        let t = mint(SUB, SECRET, NOW + 750, 60, None, None);
        assert_eq!(
            verify_issued(&t, SECRET, NOW + 1_000, &NONE).unwrap(),
            (SUB.to_string(), NOW)
        );
    }

    #[test]
    fn a_wrong_secret_or_tampered_payload_is_refused() {
        let t = mint(SUB, SECRET, NOW, 60, None, None);
        assert_eq!(verify(&t, b"other", NOW, &NONE), Err(TokenError::Signature));
        let mut parts: Vec<&str> = t.split('.').collect();
        let forged = URL_SAFE_NO_PAD.encode(format!(r#"{{"sub":"{SUB}","exp":9999999999}}"#));
        parts[1] = &forged;
        assert_eq!(
            verify(&parts.join("."), SECRET, NOW, &NONE),
            Err(TokenError::Signature)
        );
    }

    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use base64::Engine;

    fn unsigned(header: &str, payload: &str, sig: &str) -> String {
        format!(
            "{}.{}.{}",
            URL_SAFE_NO_PAD.encode(header),
            URL_SAFE_NO_PAD.encode(payload),
            sig
        )
    }

    #[test]
    fn alg_none_and_other_algorithms_are_refused() {
        let payload = format!(r#"{{"sub":"{SUB}","exp":9999999999}}"#);
        let none = unsigned(r#"{"alg":"none"}"#, &payload, "");
        assert_eq!(
            verify(&none, SECRET, NOW, &NONE),
            Err(TokenError::Algorithm)
        );
        let hs512 = unsigned(r#"{"alg":"HS512"}"#, &payload, "abc");
        assert_eq!(
            verify(&hs512, SECRET, NOW, &NONE),
            Err(TokenError::Algorithm)
        );
    }

    #[test]
    fn a_token_without_exp_is_refused() {
        let key = Hs256Key::new(SECRET);
        let claims = Claims::new(UserClaims {
            sub: SUB.into(),
            iss: None,
            aud: None,
        });
        let t = Hs256.token(&Header::empty(), &claims, &key).unwrap();
        assert_eq!(
            verify(&t, SECRET, NOW, &NONE),
            Err(TokenError::MissingExpiry)
        );
    }

    #[test]
    fn issuer_and_audience_are_checked_when_configured() {
        let t = mint(SUB, SECRET, NOW, 60, Some("plug"), Some("api"));
        let ok = Expectations {
            issuer: Some("plug"),
            audience: Some("api"),
        };
        assert!(verify(&t, SECRET, NOW, &ok).is_ok());
        let bad_iss = Expectations {
            issuer: Some("other"),
            audience: None,
        };
        assert_eq!(verify(&t, SECRET, NOW, &bad_iss), Err(TokenError::Issuer));
        let bad_aud = Expectations {
            issuer: None,
            audience: Some("web"),
        };
        assert_eq!(verify(&t, SECRET, NOW, &bad_aud), Err(TokenError::Audience));
    }

    #[test]
    fn garbage_is_malformed() {
        assert_eq!(
            verify("abc", SECRET, NOW, &NONE),
            Err(TokenError::Malformed)
        );
        assert_eq!(verify("", SECRET, NOW, &NONE), Err(TokenError::Malformed));
    }
}
