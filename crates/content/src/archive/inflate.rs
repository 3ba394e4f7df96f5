//! Inflating one file of a stored zip as its bytes arrive from storage, so a
//! site file is served chunk by chunk and never held whole in memory.

use flate2::{Decompress, FlushDecompress, Status};

use crate::ContentError;

/// Output is produced in pieces of at most this many bytes per call to the decoder.
const OUT_CHUNK: usize = 64 * 1024;

/// A raw-deflate decoder for one [`crate::SiteEntry`]: fed the entry's stored
/// bytes in any chunking, it returns the inflated bytes, and refuses to make
/// more than the size measured when the zip was opened.
pub struct EntryInflater {
    decoder: Decompress,
    size: u64,
    ended: bool,
}

impl EntryInflater {
    /// A decoder for an entry that inflates to `size` bytes.
    pub fn new(size: u64) -> EntryInflater {
        EntryInflater {
            decoder: Decompress::new(false),
            size,
            ended: false,
        }
    }

    /// Inflates the next chunk of stored bytes.
    pub fn push(&mut self, mut input: &[u8]) -> Result<Vec<u8>, ContentError> {
        let mut out = Vec::new();
        while !input.is_empty() && !self.ended {
            out.reserve(OUT_CHUNK);
            let (before_in, before_out) = (self.decoder.total_in(), self.decoder.total_out());
            let status = self
                .decoder
                .decompress_vec(input, &mut out, FlushDecompress::None)
                .map_err(|e| damaged(&e.to_string()))?;
            let consumed = (self.decoder.total_in() - before_in) as usize;
            input = &input[consumed..];
            if self.decoder.total_out() > self.size {
                return Err(damaged("it inflates past its recorded size"));
            }
            match status {
                Status::StreamEnd => self.ended = true,
                _ if consumed == 0 && self.decoder.total_out() == before_out => {
                    return Err(damaged("the decoder made no progress"));
                }
                _ => {}
            }
        }
        Ok(out)
    }

    /// Checks that the stream ended at exactly the recorded size.
    pub fn finish(&self) -> Result<(), ContentError> {
        if self.ended && self.decoder.total_out() == self.size {
            Ok(())
        } else {
            Err(damaged("it ended early"))
        }
    }
}

fn damaged(why: &str) -> ContentError {
    ContentError::malformed(format!("a stored site file could not be inflated: {why}"))
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use flate2::write::DeflateEncoder;
    use flate2::Compression;

    use super::*;

    fn deflate(bytes: &[u8]) -> Vec<u8> {
        let mut encoder = DeflateEncoder::new(Vec::new(), Compression::default());
        encoder.write_all(bytes).unwrap();
        encoder.finish().unwrap()
    }

    #[test]
    fn inflates_in_any_chunking_to_the_recorded_size() {
        let text: Vec<u8> = (0..300_000u32)
            .flat_map(|i| (i % 251).to_le_bytes())
            .collect();
        let packed = deflate(&text);
        for chunk in [1, 7, 4096, packed.len()] {
            let mut inflater = EntryInflater::new(text.len() as u64);
            let mut out = Vec::new();
            for piece in packed.chunks(chunk) {
                out.extend(inflater.push(piece).unwrap());
            }
            inflater.finish().unwrap();
            assert_eq!(out, text, "chunks of {chunk}");
        }
    }

    #[test]
    fn refuses_to_inflate_past_the_recorded_size() {
        let packed = deflate(&[0u8; 100_000]);
        let mut inflater = EntryInflater::new(10);
        assert!(inflater.push(&packed).is_err());
    }

    #[test]
    fn a_stream_cut_short_does_not_finish() {
        let packed = deflate(b"hello hello hello");
        let mut inflater = EntryInflater::new(17);
        inflater.push(&packed[..packed.len() / 2]).unwrap();
        assert!(inflater.finish().is_err());
    }
}
