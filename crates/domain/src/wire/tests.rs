use super::*;

#[test]
fn sparse_fields_stay_out_and_the_sub_state_follows_the_mode() {
    assert_eq!(
        serde_json::to_value(VisibilitySubstate::of(Visibility::Grid, vec![], false)).unwrap(),
        serde_json::json!({ "visibility_spaces": ["everyone"] })
    );
    assert_eq!(
        serde_json::to_value(VisibilitySubstate::of(Visibility::Link, vec![], true)).unwrap(),
        serde_json::json!({ "link_indexed": true })
    );
    assert_eq!(
        serde_json::to_value(Enrichment::default()).unwrap(),
        serde_json::json!({})
    );
    let page: Page<i64> = Page::new(vec![1, 2], None);
    assert_eq!(
        serde_json::to_value(&page).unwrap(),
        serde_json::json!({ "items": [1, 2], "next_cursor": null, "total_returned": 2 })
    );
}

#[test]
fn the_sign_in_shapes_read_what_the_worker_writes_and_older_servers_sent() {
    let none: AuthConfig = serde_json::from_str(r#"{"oidc":null}"#).unwrap();
    assert_eq!(none.oidc, None);
    // An older server sent neither the web client, the audience nor the sign-out endpoints.
    let old: AuthConfig = serde_json::from_str(
        r#"{"oidc":{"issuer":"https://id.example","cli_client_id":"plug-cli","scopes":"openid email",
           "bearer":"id_token","authorization_endpoint":"https://id.example/auth",
           "token_endpoint":"https://id.example/token","device_authorization_endpoint":null}}"#,
    )
    .unwrap();
    let provider = old.oidc.unwrap();
    assert_eq!(
        provider.token_endpoint.as_deref(),
        Some("https://id.example/token")
    );
    assert_eq!(
        (provider.audience, provider.revocation_endpoint),
        (None, None)
    );
    let me: Me = serde_json::from_value(serde_json::json!({
        "user": { "user_id": "u1", "slug": "ana", "name": "Ana" },
        "grids": [{ "slug": "acme", "role": "admin" }, { "slug": "labs", "role": "member" }],
    }))
    .unwrap();
    assert_eq!(me.grids[0].role, Role::Admin);
    assert_eq!(
        serde_json::to_value(&me).unwrap()["grids"][1],
        serde_json::json!({ "slug": "labs", "role": "member" })
    );
    let spaces = Page::new(
        vec![SpaceListed {
            space_id: SpaceId::from("s1"),
            slug: "design".into(),
            name: "Design".into(),
            member: true,
        }],
        None,
    );
    assert_eq!(
        serde_json::to_value(&spaces).unwrap(),
        serde_json::json!({ "items": [{ "space_id": "s1", "slug": "design", "name": "Design",
            "member": true }], "next_cursor": null, "total_returned": 1 })
    );
}

#[test]
fn a_connected_app_reads_as_the_worker_writes_it() {
    let json = serde_json::json!({ "grant_id": "g1", "client_id": "plug_c_1",
        "client_name": "Claude", "redirect_host": "claude.ai", "grid": "acme",
        "created_at": "2026-11-25T10:00:00.000Z", "last_used_at": null });
    let app: ConnectedApp = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(app.redirect_host, "claude.ai");
    assert_eq!(app.last_used_at, None);
    assert_eq!(serde_json::to_value(&app).unwrap(), json);
}

#[test]
fn an_error_answer_reads_the_same_for_every_client() {
    let full = ErrorBody::read(r#"{"error":{"code":"VALIDATION_FAILED","message":"m","details":[{"field":"name","issue":"pattern","hint":"h"}],"request_id":"r1"}}"#).unwrap();
    assert_eq!(full.code, "VALIDATION_FAILED");
    assert_eq!(full.details[0].field, "name");
    assert_eq!(full.request_id, "r1");
    let flat = ErrorBody::read(r#"{"error":"too long","code":"VALIDATION_FAILED"}"#).unwrap();
    assert_eq!(
        (flat.code.as_str(), flat.message.as_str()),
        ("VALIDATION_FAILED", "too long")
    );
    assert!(ErrorBody::read("<html>bad gateway</html>").is_none());
    assert!(ErrorBody::read(r#"{"ok":true}"#).is_none());
    let odd = ErrorBody::read(r#"{"error":{"code":7,"details":"x"}}"#).unwrap();
    assert!(odd.code.is_empty() && odd.details.is_empty());
}
