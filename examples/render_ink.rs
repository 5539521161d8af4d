//! Renders samples of a JSONL ink file as one PPM sheet (6 tiles a row), to look at errors and suspects.
//!
//!     cargo run --release --example render_ink -- FILE.jsonl LINE[,LINE...] OUT.ppm [--cnn]
//!
//! `--cnn` draws what the CNN member reads instead (`ink::cnn::render`'s ink plane, 5x).
//! LINE is the 1-based line number. Each tile shows the ink (strokes in order: blue, red, green,
//! purple, orange; a big dot where each stroke starts); stdout lists `tile line label writer`.
//! Convert to PNG with `convert OUT.ppm OUT.png` (ImageMagick).

use inkdoku::ink::{cnn, features, parse_jsonl, strokes_bounds, Sample};

fn main() {
    if let Err(e) = run() {
        eprintln!("render_ink: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let (file, lines, out, as_cnn) = match a.as_slice() {
        [f, l, o] => (f, l, o, false),
        [f, l, o, c] if c == "--cnn" => (f, l, o, true),
        _ => return Err("usage: render_ink FILE.jsonl LINE[,LINE...] OUT.ppm [--cnn]".into()),
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let samples: Vec<Sample> = parse_jsonl(&text).map_err(|e| e.to_string())?;
    let wanted: Vec<usize> = lines.split(',').map(|s| s.trim().parse().map_err(|_| format!("bad line {s}"))).collect::<Result<_, _>>()?;
    let (tile, cols) = (128usize, 6usize);
    let rows = wanted.len().div_ceil(cols);
    let (w, h) = (tile * cols, tile * rows);
    let mut img = vec![[255u8; 3]; w * h];
    let colours: [[u8; 3]; 5] = [[16, 42, 128], [192, 57, 43], [39, 174, 96], [142, 68, 173], [211, 84, 0]];
    for (k, &line) in wanted.iter().enumerate() {
        let s = samples.get(line.wrapping_sub(1)).ok_or(format!("no line {line}"))?;
        let (ox, oy) = ((k % cols * tile) as f32, (k / cols * tile) as f32);
        // Tile border.
        for i in 0..tile {
            for (x, y) in [(i, 0), (i, tile - 1), (0, i), (tile - 1, i)] {
                img[(oy as usize + y) * w + ox as usize + x] = [200, 200, 200];
            }
        }
        if as_cnn {
            let n = features::normalize(&s.strokes).map_err(|e| e.to_string())?.ok_or("a dot")?;
            let pic = cnn::render(&n.strokes);
            for y in 0..cnn::SIDE * 5 {
                for x in 0..cnn::SIDE * 5 {
                    let v = (255.0 * (1.0 - pic[(y / 5) * cnn::SIDE + x / 5])) as u8;
                    img[(oy as usize + 4 + y) * w + ox as usize + 4 + x] = [v, v, v];
                }
            }
            println!("tile {k}: line {line} label {}", s.label.as_deref().unwrap_or("?"));
            continue;
        }
        let [x0, y0, x1, y1] = strokes_bounds(&s.strokes).map(|v| v as f32);
        let side = (x1 - x0).max(y1 - y0).max(1e-6);
        let sc = (tile as f32 - 24.0) / side;
        let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
        let half = tile as f32 / 2.0;
        let map = |x: f32, y: f32| (ox + half + (x - cx) * sc, oy + half + (y - cy) * sc);
        let mut disc = |x: f32, y: f32, r: f32, c: [u8; 3]| {
            let ri = r.ceil() as i64;
            for dy in -ri..=ri {
                for dx in -ri..=ri {
                    if (dx * dx + dy * dy) as f32 <= r * r {
                        let (px, py) = (x as i64 + dx, y as i64 + dy);
                        if px >= 0 && py >= 0 && (px as usize) < w && (py as usize) < h {
                            img[py as usize * w + px as usize] = c;
                        }
                    }
                }
            }
        };
        for (si, st) in s.strokes.iter().enumerate() {
            let c = colours[si % colours.len()];
            for seg in st.points.windows(2) {
                let (a, b) = (map(seg[0].x, seg[0].y), map(seg[1].x, seg[1].y));
                let n = ((b.0 - a.0).abs().max((b.1 - a.1).abs()).ceil() as usize).clamp(1, 400);
                for i in 0..=n {
                    let t = i as f32 / n as f32;
                    disc(a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, 1.5, c);
                }
            }
            if let Some(p) = st.points.first() {
                let (x, y) = map(p.x, p.y);
                disc(x, y, 4.0, c);
            }
        }
        println!("tile {k}: line {line} label {} writer {}", s.label.as_deref().unwrap_or("?"), s.writer.as_deref().unwrap_or(""));
    }
    let mut ppm = format!("P6 {w} {h} 255\n").into_bytes();
    ppm.extend(img.iter().flatten());
    std::fs::write(out, ppm).map_err(|e| format!("{out}: {e}"))?;
    Ok(())
}
