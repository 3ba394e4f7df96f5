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
    let auth0 = serde_json::json!({"aud": ["plug-api", "https://idp/userinfo"], "azp": "plug-web"});
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

#[test]
fn expiry_is_read_from_the_payload() {
    let token = |payload: &str| format!("{}.{}.c2ln", b64(r#"{"alg":"HS256"}"#), b64(payload));
    assert_eq!(
        expiry(&token(r#"{"sub":"u","exp":1700000000}"#)),
        Some(1_700_000_000)
    );
    assert_eq!(expiry(&token(r#"{"sub":"u"}"#)), None);
    assert_eq!(expiry(&token(r#"{"exp":"soon"}"#)), None);
    assert_eq!(expiry("not-a-token"), None);
}
