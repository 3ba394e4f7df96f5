//! Randomness and the ids made from it (crypto.getRandomValues in workerd).

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    getrandom::getrandom(&mut bytes).expect("crypto.getRandomValues is available in workerd");
    bytes
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn new_uuid<Id: From<String>>() -> Id {
    Id::from(plug_domain::validate::uuid_from_random(random_bytes::<16>()))
}
