//! CRC-32 (IEEE 802.3, the checksum of zip, gzip and PNG), the part of `crc32fast`'s API that
//! `zip` and `flate2` call: [`hash`] and [`Hasher`]. Slicing by 16 like `crc32fast`'s portable
//! path, with its 16 x 256 table computed on first use instead of shipped as data (README
//! "Speed and size").

use std::fmt;
use std::sync::OnceLock;

/// The CRC-32 polynomial, bit-reversed (the least significant bit is x^31's coefficient).
const POLY: u32 = 0xEDB8_8320;

type Tables = [[u32; 256]; 16];

/// `tables()[k][b]`: the CRC register after byte `b` followed by `k` zero bytes, from zero.
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Box<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut tables: Box<Tables> = Box::new([[0; 256]; 16]);
        for byte in 0..256 {
            let mut crc = byte as u32;
            for _ in 0..8 {
                crc = (crc >> 1) ^ (POLY & (crc & 1).wrapping_neg());
            }
            tables[0][byte] = crc;
        }
        for k in 1..16 {
            for byte in 0..256 {
                let previous = tables[k - 1][byte];
                tables[k][byte] = (previous >> 8) ^ tables[0][(previous & 0xFF) as usize];
            }
        }
        tables
    })
}

/// The register after the 16 bytes at the start of `b` (at least 16 long). Written out, not
/// looped, and `b[15]` read first so that one bounds check covers the block: a looped version ran
/// at half of `crc32fast`'s speed at opt-level "z"; this one runs at its speed.
#[inline(always)]
fn fold_16(tables: &Tables, register: u32, b: &[u8]) -> u32 {
    let w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]) ^ register;
    tables[0][usize::from(b[15])]
        ^ tables[1][usize::from(b[14])]
        ^ tables[2][usize::from(b[13])]
        ^ tables[3][usize::from(b[12])]
        ^ tables[4][usize::from(b[11])]
        ^ tables[5][usize::from(b[10])]
        ^ tables[6][usize::from(b[9])]
        ^ tables[7][usize::from(b[8])]
        ^ tables[8][usize::from(b[7])]
        ^ tables[9][usize::from(b[6])]
        ^ tables[10][usize::from(b[5])]
        ^ tables[11][usize::from(b[4])]
        ^ tables[12][(w >> 24) as usize]
        ^ tables[13][((w >> 16) & 0xFF) as usize]
        ^ tables[14][((w >> 8) & 0xFF) as usize]
        ^ tables[15][(w & 0xFF) as usize]
}

/// The checksum `crc` (a finished CRC, 0 for none yet) continued over `bytes`.
fn update(crc: u32, bytes: &[u8]) -> u32 {
    let tables = tables();
    let mut register = !crc;
    let mut rest = bytes;
    while rest.len() >= 16 {
        register = fold_16(tables, register, rest);
        rest = &rest[16..];
    }
    for &byte in rest {
        register = (register >> 8) ^ tables[0][((register ^ u32::from(byte)) & 0xFF) as usize];
    }
    !register
}

/// `a` times `b` modulo the polynomial, both bit-reversed; `a` is never zero here.
fn multiply(a: u32, mut b: u32) -> u32 {
    let mut product = 0;
    for bit in (0..32).rev() {
        if (a >> bit) & 1 == 1 {
            product ^= b;
        }
        b = (b >> 1) ^ (POLY & (b & 1).wrapping_neg());
    }
    product
}

/// x^(8 * len) modulo the polynomial: multiplying a CRC by it appends `len` zero bytes.
fn shift_by_bytes(mut len: u64) -> u32 {
    let mut power = 0x8000_0000; // x^0
    let mut square = 0x0080_0000; // x^8, then x^16, x^32...
    while len != 0 {
        if len & 1 == 1 {
            power = multiply(power, square);
        }
        square = multiply(square, square);
        len >>= 1;
    }
    power
}

/// The CRC-32 of `bytes`.
#[inline]
pub fn hash(bytes: &[u8]) -> u32 {
    let mut hasher = Hasher::new();
    hasher.update(bytes);
    hasher.finalize()
}

/// A CRC-32 computed over bytes given in pieces.
#[derive(Clone)]
pub struct Hasher {
    amount: u64,
    state: u32,
}

impl Hasher {
    /// A checksum of no bytes yet.
    #[inline]
    pub fn new() -> Self {
        Self::new_with_initial(0)
    }

    /// A checksum that continues from `init`, the CRC of earlier bytes.
    #[inline]
    pub fn new_with_initial(init: u32) -> Self {
        Self::new_with_initial_len(init, 0)
    }

    /// A checksum that continues from `init`, the CRC of `amount` earlier bytes.
    #[inline]
    pub fn new_with_initial_len(init: u32, amount: u64) -> Self {
        Hasher {
            amount,
            state: init,
        }
    }

    /// Adds `bytes` to the checksum.
    #[inline]
    pub fn update(&mut self, bytes: &[u8]) {
        self.amount += bytes.len() as u64;
        self.state = update(self.state, bytes);
    }

    /// How many bytes the checksum covers.
    #[inline]
    pub fn total_len(&self) -> u64 {
        self.amount
    }

    /// The CRC-32 of every byte given.
    #[inline]
    pub fn finalize(self) -> u32 {
        self.state
    }

    /// Back to a checksum of no bytes.
    #[inline]
    pub fn reset(&mut self) {
        self.state = 0;
        self.amount = 0;
    }

    /// Continues this checksum with `other`'s bytes, as if they had been given here.
    pub fn combine(&mut self, other: &Self) {
        self.amount += other.amount;
        self.state = multiply(shift_by_bytes(other.amount), self.state) ^ other.state;
    }
}

impl fmt::Debug for Hasher {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("crc32fast::Hasher").finish()
    }
}

impl Default for Hasher {
    fn default() -> Self {
        Self::new()
    }
}

impl std::hash::Hasher for Hasher {
    fn write(&mut self, bytes: &[u8]) {
        self.update(bytes)
    }

    fn finish(&self) -> u64 {
        u64::from(self.clone().finalize())
    }
}

#[cfg(test)]
mod tests {
    use super::{hash, Hasher};

    /// The checksum bit by bit, as its definition reads: the oracle for the sliced one.
    fn bitwise(bytes: &[u8]) -> u32 {
        let mut register = !0u32;
        for &byte in bytes {
            register ^= u32::from(byte);
            for _ in 0..8 {
                register = (register >> 1) ^ (0xEDB8_8320 & (register & 1).wrapping_neg());
            }
        }
        !register
    }

    /// Bytes that are not a pattern: a xorshift stream.
    fn noise(len: usize, mut seed: u32) -> Vec<u8> {
        (0..len)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                seed as u8
            })
            .collect()
    }

    #[test]
    fn known_values() {
        assert_eq!(hash(b""), 0);
        assert_eq!(hash(b"123456789"), 0xCBF4_3926);
        assert_eq!(
            hash(b"The quick brown fox jumps over the lazy dog"),
            0x414F_A339
        );
        assert_eq!(hash(&[0; 32]), 0x190A_55AD);
        assert_eq!(hash(&[0xFF; 32]), 0xFF6C_AB0B);
    }

    #[test]
    fn every_length_and_split_matches_the_bitwise_checksum() {
        let bytes = noise(300, 0x1234_5678);
        for len in 0..bytes.len() {
            assert_eq!(hash(&bytes[..len]), bitwise(&bytes[..len]), "length {len}");
        }
        for split in [0, 1, 3, 15, 16, 17, 64, 100, 299, 300] {
            let mut hasher = Hasher::new();
            hasher.update(&bytes[..split]);
            hasher.update(&bytes[split..]);
            assert_eq!(hasher.total_len(), 300);
            assert_eq!(hasher.finalize(), bitwise(&bytes));
            let continued = {
                let mut hasher = Hasher::new_with_initial(hash(&bytes[..split]));
                hasher.update(&bytes[split..]);
                hasher.finalize()
            };
            assert_eq!(continued, bitwise(&bytes));
        }
    }

    #[test]
    fn combine_is_the_checksum_of_both_parts_in_a_row() {
        let bytes = noise(5000, 0x9E37_79B9);
        for split in [0, 1, 7, 16, 1000, 4096, 4999, 5000] {
            let mut first = Hasher::new();
            first.update(&bytes[..split]);
            let mut second = Hasher::new();
            second.update(&bytes[split..]);
            first.combine(&second);
            assert_eq!(first.total_len(), 5000);
            assert_eq!(first.finalize(), bitwise(&bytes), "split {split}");
        }
    }

    #[test]
    fn reset_starts_again() {
        let mut hasher = Hasher::default();
        hasher.update(b"something else");
        hasher.reset();
        hasher.update(b"123456789");
        assert_eq!(hasher.total_len(), 9);
        assert_eq!(std::hash::Hasher::finish(&hasher), 0xCBF4_3926);
    }
}
