//! SVG pictures rasterised to PNG with resvg (no browser): `goti render
//! -o board.png`, the guide's pictures, and pixel checks in tests.

use crate::error::{Error, ErrorKind};
use std::sync::{Arc, OnceLock};

use resvg::{tiny_skia, usvg};

/// The machine's fonts, loaded once (text without a font is left out of
/// the PNG; shapes and colours are drawn either way).
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_system_fonts();
            db.set_sans_serif_family("DejaVu Sans");
            Arc::new(db)
        })
        .clone()
}

/// `svg` (goti's own picture) as PNG bytes at `scale` times its size.
pub fn png(svg: &str, scale: f32) -> Result<Vec<u8>, Error> {
    let pixmap = pixels(svg, scale)?;
    pixmap
        .encode_png()
        .map_err(|e| Error::new(ErrorKind::Io, e.to_string()))
}

/// `svg` drawn into a pixel map at `scale` times its size.
pub fn pixels(svg: &str, scale: f32) -> Result<tiny_skia::Pixmap, Error> {
    Error::of(ErrorKind::Io, || {
        let options = usvg::Options {
            fontdb: fonts(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
        let size = tree
            .size()
            .to_int_size()
            .scale_by(scale)
            .ok_or("picture too large")?;
        let mut pixmap =
            tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("picture has no size")?;
        resvg::render(
            &tree,
            tiny_skia::Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
        Ok(pixmap)
    })
}

/// A PNG file's pixels: width, height and RGBA bytes (tests and the
/// browser check read pictures back with it).
pub fn decode(bytes: &[u8]) -> Result<(u32, u32, Vec<u8>), crate::error::Error> {
    let p = tiny_skia::Pixmap::decode_png(bytes)
        .map_err(|e| crate::error::Error::new(crate::error::ErrorKind::Input, e.to_string()))?;
    let rgba = p
        .pixels()
        .iter()
        .flat_map(|c| {
            let c = c.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    Ok((p.width(), p.height(), rgba))
}
