//! The sliding puzzle's own pictures: the player picks a PNG or JPEG (the shell's native open
//! dialog), it is checked to be a readable image, and copied into the app's data folder
//! (`pictures/<sha-256 prefix>.png|jpg`), so a saved game still shows it after the original file
//! moves. The view fetches a stored picture as a `data:` URL and decodes the pixels itself.
//!
//! Checking reads the header only (PNG: signature, IHDR, IEND at the end; JPEG: SOI and a frame
//! header): enough to refuse a file that is not an image, or is cut short, and to know its size,
//! without shipping an image decoder in the app.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

use base64::Engine as _;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::picker::FileKind;
use super::{AppState, CommandError};

/// A picture file bigger than this is refused (a 50-megapixel JPEG is about 20 MB).
/// The folder of the player's own pictures in the data folder.
pub const DIR: &str = "pictures";
pub const MAX_PICTURE_BYTES: u64 = 40 << 20;
/// Each side must be within this range (pixels).
pub const MIN_SIDE: u32 = 16;
pub const MAX_SIDE: u32 = 16384;

/// Where pictures live: a folder in the app's data folder, or memory (tests, the dev bridge).
pub struct Pictures {
    dir: Option<PathBuf>,
    memory: Mutex<HashMap<String, Vec<u8>>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Png,
    Jpeg,
}

impl Format {
    fn ext(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Jpeg => "jpg",
        }
    }
    fn mime(self) -> &'static str {
        match self {
            Format::Png => "image/png",
            Format::Jpeg => "image/jpeg",
        }
    }
}

/// What a picture file is: its format and size in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    pub format: Format,
    pub width: u32,
    pub height: u32,
}

/// Why a file is not a picture we can use (a sentence fragment for the player).
pub fn inspect(bytes: &[u8]) -> Result<Header, String> {
    let h = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        png_header(bytes)?
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        jpeg_header(bytes)?
    } else {
        return Err("it is not a PNG or JPEG image".into());
    };
    if h.width < MIN_SIDE || h.height < MIN_SIDE {
        return Err(format!("it is only {} × {} pixels; a picture needs at least {MIN_SIDE} on each side", h.width, h.height));
    }
    if h.width > MAX_SIDE || h.height > MAX_SIDE {
        return Err(format!("it is {} × {} pixels; the most is {MAX_SIDE} on each side", h.width, h.height));
    }
    Ok(h)
}

fn be32(b: &[u8]) -> u32 {
    u32::from_be_bytes([b[0], b[1], b[2], b[3]])
}

fn png_header(b: &[u8]) -> Result<Header, String> {
    const IEND: &[u8] = b"\0\0\0\0IEND\xAE\x42\x60\x82";
    if b.len() < 8 + 25 + IEND.len() || &b[12..16] != b"IHDR" || be32(&b[8..12]) != 13 {
        return Err("the PNG image is damaged (no header)".into());
    }
    if !b.ends_with(IEND) {
        return Err("the PNG image is damaged or cut short".into());
    }
    Ok(Header { format: Format::Png, width: be32(&b[16..20]), height: be32(&b[20..24]) })
}

fn jpeg_header(b: &[u8]) -> Result<Header, String> {
    let damaged = || "the JPEG image is damaged (no frame header)".to_string();
    let mut i = 2;
    loop {
        // Markers are 0xFF, any number of fill 0xFF, then the code.
        if *b.get(i).ok_or_else(damaged)? != 0xFF {
            return Err(damaged());
        }
        while b.get(i) == Some(&0xFF) {
            i += 1;
        }
        let code = *b.get(i).ok_or_else(damaged)?;
        i += 1;
        match code {
            0x01 | 0xD0..=0xD7 => continue,
            0xD9 | 0xDA => return Err(damaged()), // end of image, or scan data before any frame
            _ => {}
        }
        let len = u16::from_be_bytes([*b.get(i).ok_or_else(damaged)?, *b.get(i + 1).ok_or_else(damaged)?]) as usize;
        if len < 2 || i + len > b.len() {
            return Err(damaged());
        }
        // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
        if (0xC0..=0xCF).contains(&code) && ![0xC4, 0xC8, 0xCC].contains(&code) {
            if len < 7 {
                return Err(damaged());
            }
            let height = u16::from_be_bytes([b[i + 3], b[i + 4]]) as u32;
            let width = u16::from_be_bytes([b[i + 5], b[i + 6]]) as u32;
            return Ok(Header { format: Format::Jpeg, width, height });
        }
        i += len;
    }
}

/// `<first 32 hex digits of the SHA-256 of the bytes>.<ext>`: the same picture chosen twice is
/// stored once.
pub fn name_of(bytes: &[u8], format: Format) -> String {
    let digest = Sha256::digest(bytes);
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("{hex}.{}", format.ext())
}

impl Pictures {
    pub fn new(dir: Option<PathBuf>) -> Self {
        Pictures { dir, memory: Mutex::new(HashMap::new()) }
    }

    fn memory(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<u8>>> {
        self.memory.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Keeps a checked picture under its content name (atomically; an existing copy is kept).
    fn store(&self, name: &str, bytes: &[u8]) -> Result<(), CommandError> {
        match &self.dir {
            Some(dir) => {
                let path = dir.join(name);
                if std::fs::read(&path).is_ok_and(|old| old == bytes) {
                    return Ok(());
                }
                std::fs::create_dir_all(dir).map_err(|e| CommandError::Files(e.to_string()))?;
                inkdoku::save::write_atomic_no_backup(&path, bytes).map_err(|e| CommandError::Files(e.to_string()))
            }
            None => {
                self.memory().insert(name.to_string(), bytes.to_vec());
                Ok(())
            }
        }
    }

    /// The bytes of a stored picture; `None` if there is no such picture.
    pub fn load(&self, name: &str) -> Option<Vec<u8>> {
        if !inkdoku::slide::play::is_picture_name(name) {
            return None;
        }
        match &self.dir {
            Some(dir) => std::fs::read(dir.join(name)).ok(),
            None => self.memory().get(name).cloned(),
        }
    }

    pub fn exists(&self, name: &str) -> bool {
        inkdoku::slide::play::is_picture_name(name)
            && match &self.dir {
                Some(dir) => dir.join(name).is_file(),
                None => self.memory().contains_key(name),
            }
    }
}

#[derive(Debug, Serialize)]
pub struct PictureInfo {
    /// The stored file name: pass it to `new_game {kind: "slide", picture}` and `picture`.
    pub name: String,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Serialize)]
pub struct Chosen {
    /// `None` if the player cancelled.
    pub picture: Option<PictureInfo>,
}

/// "Your own picture…": the native open dialog, the file checked and copied in. A file that is
/// not a readable image is refused (`bad_picture`) and nothing changes.
pub fn choose_picture(state: &AppState) -> Result<Chosen, CommandError> {
    let picture = state.open_dialog(FileKind::Picture, |path| store_picture(state, &path))?;
    Ok(Chosen { picture })
}

/// A picture file checked and copied into the pictures folder.
fn store_picture(state: &AppState, path: &std::path::Path) -> Result<PictureInfo, CommandError> {
    let file = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| path.display().to_string());
    let bad = |why: String| CommandError::BadPicture { file: file.clone(), why };
    let size = std::fs::metadata(path).map_err(|e| bad(format!("it can't be read ({e})")))?.len();
    if size > MAX_PICTURE_BYTES {
        return Err(bad(format!("it is {} MB; the most is {} MB", size >> 20, MAX_PICTURE_BYTES >> 20)));
    }
    let bytes = std::fs::read(path).map_err(|e| bad(format!("it can't be read ({e})")))?;
    let header = inspect(&bytes).map_err(bad)?;
    let name = name_of(&bytes, header.format);
    state.pictures.store(&name, &bytes)?;
    tracing::info!(name, width = header.width, height = header.height, "picture stored");
    Ok(PictureInfo { name, width: header.width, height: header.height })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PictureArgs {
    pub name: String,
}

#[derive(Debug, Serialize)]
pub struct PictureData {
    pub name: String,
    pub width: u32,
    pub height: u32,
    /// `data:image/png;base64,…` (the CSP allows `img-src data:`).
    pub data_url: String,
}

/// A stored picture for the view to draw.
pub fn picture(state: &AppState, args: PictureArgs) -> Result<PictureData, CommandError> {
    let bytes = state.pictures.load(&args.name).ok_or(CommandError::MissingPicture)?;
    let h = inspect(&bytes).map_err(|why| CommandError::BadPicture { file: args.name.clone(), why })?;
    let data_url = format!("data:{};base64,{}", h.format.mime(), base64::engine::general_purpose::STANDARD.encode(&bytes));
    Ok(PictureData { name: args.name, width: h.width, height: h.height, data_url })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tiny but well-formed PNG header with the given size (the pixels don't matter here).
    pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
        let mut b = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        b.extend(width.to_be_bytes());
        b.extend(height.to_be_bytes());
        b.extend([8, 2, 0, 0, 0, 0, 0, 0, 0]);
        b.extend(b"\0\0\0\0IEND\xAE\x42\x60\x82");
        b
    }

    fn jpeg(width: u16, height: u16) -> Vec<u8> {
        let mut b = vec![0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xFF, 0xC2, 0, 11, 8];
        b.extend(height.to_be_bytes());
        b.extend(width.to_be_bytes());
        b.extend([3, 0, 0, 0xFF, 0xD9]);
        b
    }

    #[test]
    fn headers_give_format_and_size() {
        assert_eq!(inspect(&png(640, 480)), Ok(Header { format: Format::Png, width: 640, height: 480 }));
        assert_eq!(inspect(&jpeg(1024, 768)), Ok(Header { format: Format::Jpeg, width: 1024, height: 768 }));
    }

    #[test]
    fn non_images_and_damaged_images_are_refused() {
        assert!(inspect(b"hello, world").unwrap_err().contains("not a PNG or JPEG"));
        assert!(inspect(b"").is_err());
        let mut cut = png(640, 480);
        cut.splice(33..33, [0u8; 40]);
        assert!(inspect(&cut).is_ok());
        assert!(inspect(&cut[..cut.len() - 3]).unwrap_err().contains("cut short"));
        assert!(inspect(&cut[..30]).unwrap_err().contains("no header"));
        assert!(inspect(&png(8, 480)).unwrap_err().contains("at least"));
        assert!(inspect(&png(40000, 480)).unwrap_err().contains("the most"));
        let j = jpeg(100, 100);
        for n in 3..j.len() - 8 {
            assert!(inspect(&j[..n]).is_err(), "cut at {n}");
        }
        assert!(inspect(&[0xFF, 0xD8, 0xFF, 0xD9]).is_err());
        assert!(inspect(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 1]).is_err());
    }

    #[test]
    fn names_are_content_hashes() {
        let a = name_of(&png(20, 20), Format::Png);
        assert!(inkdoku::slide::play::is_picture_name(&a), "{a}");
        assert_eq!(a, name_of(&png(20, 20), Format::Png));
        assert_ne!(a, name_of(&png(20, 21), Format::Png));
        assert!(name_of(b"x", Format::Jpeg).ends_with(".jpg"));
    }
}
