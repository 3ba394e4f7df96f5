//! Zip fixtures for the tests: honest ones from the zip crate's writer, and
//! hand-laid ones whose headers say whatever a hostile uploader wants.

use std::io::{Cursor, Write};

use flate2::write::DeflateEncoder;
use flate2::{Compress, Compression, Crc, FlushCompress};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

/// A deflated zip of `(name, contents)`; names ending in `/` become directories.
pub(crate) fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    for (name, contents) in entries {
        if name.ends_with('/') {
            writer.add_directory(*name, options).unwrap();
        } else {
            writer.start_file(*name, options).unwrap();
            writer.write_all(contents).unwrap();
        }
    }
    writer.finish().unwrap().into_inner()
}

/// A raw deflate stream of `megabytes` MiB of zeros, built without running
/// the compressor over all of it: one compressed MiB ends on a byte boundary
/// (sync flush), so copies of it concatenate into one valid stream.
pub(crate) fn deflated_zeros(megabytes: u64) -> Vec<u8> {
    let mut compressor = Compress::new(Compression::best(), false);
    let mut chunk = Vec::with_capacity(4096);
    compressor
        .compress_vec(&vec![0u8; 1 << 20], &mut chunk, FlushCompress::Sync)
        .unwrap();
    let mut stream = chunk.repeat(megabytes as usize);
    // An empty final block: BFINAL=1, fixed Huffman, end-of-block.
    stream.extend_from_slice(&[0x03, 0x00]);
    stream
}

fn raw_deflate(data: &[u8]) -> Vec<u8> {
    let mut encoder = DeflateEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

pub(crate) fn crc_of(data: &[u8]) -> u32 {
    let mut crc = Crc::new();
    crc.update(data);
    crc.sum()
}

/// One entry of a hand-laid zip: every header field is ours to set.
pub(crate) struct RawEntry {
    name: String,
    method: u16,
    flags: u16,
    data: Vec<u8>,
    crc: u32,
    size: u64,
    unix_mode: Option<u32>,
}

impl RawEntry {
    pub(crate) fn stored(name: &str, data: &[u8]) -> RawEntry {
        RawEntry {
            name: name.to_string(),
            method: 0,
            flags: 0,
            data: data.to_vec(),
            crc: crc_of(data),
            size: data.len() as u64,
            unix_mode: None,
        }
    }

    pub(crate) fn deflated(name: &str, data: &[u8]) -> RawEntry {
        RawEntry {
            method: 8,
            data: raw_deflate(data),
            ..RawEntry::stored(name, data)
        }
    }

    /// Already-deflated `data` that claims to inflate to `size` bytes.
    pub(crate) fn deflated_raw(name: &str, data: Vec<u8>, size: u64) -> RawEntry {
        RawEntry {
            name: name.to_string(),
            method: 8,
            flags: 0,
            data,
            crc: 0,
            size,
            unix_mode: None,
        }
    }

    pub(crate) fn declared_size(self, size: u64) -> RawEntry {
        RawEntry { size, ..self }
    }

    pub(crate) fn crc(self, crc: u32) -> RawEntry {
        RawEntry { crc, ..self }
    }

    pub(crate) fn flags(self, flags: u16) -> RawEntry {
        RawEntry { flags, ..self }
    }

    pub(crate) fn method(self, method: u16) -> RawEntry {
        RawEntry { method, ..self }
    }

    pub(crate) fn unix_mode(self, mode: u32) -> RawEntry {
        RawEntry {
            unix_mode: Some(mode),
            ..self
        }
    }

    /// The fields local and central headers share, from "version needed" on.
    fn common_fields(&self, out: &mut Vec<u8>) {
        put16(out, 20);
        put16(out, self.flags);
        put16(out, self.method);
        put32(out, 0); // time and date
        put32(out, self.crc);
        put32(out, self.data.len() as u32);
        put32(out, self.size as u32);
        put16(out, self.name.len() as u16);
        put16(out, 0); // extra field length
    }
}

/// A zip laid out by hand: local headers and data, central directory, end record.
#[derive(Default)]
pub(crate) struct RawZip {
    entries: Vec<RawEntry>,
}

impl RawZip {
    pub(crate) fn new() -> RawZip {
        RawZip::default()
    }

    pub(crate) fn entry(mut self, entry: RawEntry) -> RawZip {
        self.entries.push(entry);
        self
    }

    pub(crate) fn build(self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut offsets = Vec::new();
        for entry in &self.entries {
            offsets.push(out.len() as u32);
            put32(&mut out, 0x0403_4b50);
            entry.common_fields(&mut out);
            out.extend_from_slice(entry.name.as_bytes());
            out.extend_from_slice(&entry.data);
        }
        let directory_start = out.len();
        for (entry, offset) in self.entries.iter().zip(offsets) {
            put32(&mut out, 0x0201_4b50);
            // Made by unix (3) when a mode is given, else MS-DOS (0).
            put16(
                &mut out,
                if entry.unix_mode.is_some() {
                    0x0314
                } else {
                    0x0014
                },
            );
            entry.common_fields(&mut out);
            put16(&mut out, 0); // comment length
            put16(&mut out, 0); // disk number
            put16(&mut out, 0); // internal attributes
            put32(&mut out, entry.unix_mode.map_or(0, |mode| mode << 16));
            put32(&mut out, offset);
            out.extend_from_slice(entry.name.as_bytes());
        }
        let directory_len = out.len() - directory_start;
        put32(&mut out, 0x0605_4b50);
        put32(&mut out, 0); // disk numbers
        put16(&mut out, self.entries.len() as u16);
        put16(&mut out, self.entries.len() as u16);
        put32(&mut out, directory_len as u32);
        put32(&mut out, directory_start as u32);
        put16(&mut out, 0); // comment length
        out
    }
}

fn put16(out: &mut Vec<u8>, value: u16) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn put32(out: &mut Vec<u8>, value: u32) {
    out.extend_from_slice(&value.to_le_bytes());
}
