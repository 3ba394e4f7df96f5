use super::*;

#[test]
fn the_expiry_of_a_jwt_is_read_without_verifying() {
    let t = format!(
        "e30.{}.sig",
        URL_SAFE_NO_PAD.encode(r#"{"exp":1700000000}"#)
    );
    assert_eq!(expires_at(&t), Some(1_700_000_000));
    assert_eq!(expires_at("opaque-token"), None);
}

#[test]
fn forms_are_url_encoded() {
    assert_eq!(form(&[("a", "b c"), ("d", "&=")]), "a=b+c&d=%26%3D");
}
