//! Sharing a puzzle by link (#44 item 2): every game's link reads back as the same puzzle (over
//! the list of games, at every size), is short enough for a chat message, and any text, link or
//! code, broken or hostile, gives a game or an error, never a panic.

use inkdoku::import;
use inkdoku::link::{self, LinkError};
use inkdoku::play::{GameInPlay, GameKind, GameParams, Source};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;

/// Games of every kind and size the New game menu offers, from the collection.
fn games() -> Vec<GameInPlay> {
    let mut out = Vec::new();
    for &kind in GameKind::ALL {
        let sizes: Vec<serde_json::Value> = match kind {
            GameKind::Sudoku => [4, 6, 9, 16].iter().map(|&n| json!({"size": n, "difficulty": "easy"})).collect(),
            GameKind::Kenken => (3..=9).map(|n| json!({"size": n, "difficulty": "medium"})).collect(),
            GameKind::Slide => [(3, 3), (3, 5), (4, 4), (6, 6), (6, 4)].iter().map(|&(r, c)| json!({"rows": r, "cols": c})).collect(),
            // Any other kind of the list (the shell's tests add a toy): its defaults.
            #[allow(unreachable_patterns)]
            _ => vec![json!({})],
        };
        for (k, p) in sizes.into_iter().enumerate() {
            let params = GameParams::parse(kind, p).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
            for seed in 0..3 {
                out.push(GameInPlay::make(&params, Source::Collection, 1_000 * k as u64 + seed, &mut |_| true).unwrap_or_else(|e| panic!("{kind:?}: {e}")));
            }
        }
    }
    out
}

#[test]
fn every_games_link_plays_the_same_puzzle_and_is_short() {
    let mut longest = std::collections::BTreeMap::new();
    for game in games() {
        let url = link::link_of(&game);
        assert!(url.starts_with("inkdoku://play/"), "{url}");
        let back = import::read(&url).unwrap_or_else(|e| panic!("{url}: {e}")).game;
        // The same puzzle: its code is canonical (a KenKen's cages may come in another order).
        assert_eq!((back.kind(), back.link_code()), (game.kind(), game.link_code()), "{url}");
        if game.kind() != GameKind::Kenken {
            assert_eq!(back.puzzle_text(), game.puzzle_text());
        }
        // Pasted with the spaces and line ends a chat program adds, and in capitals.
        let pasted = format!("  {}\n", url.replacen("inkdoku://play/", "INKDOKU://play/", 1));
        assert_eq!(import::read(&pasted).map(|i| i.game.link_code()).ok(), Some(game.link_code()));
        let e = longest.entry(game.kind().as_str()).or_insert((0, String::new()));
        if url.len() > e.0 {
            *e = (url.len(), url);
        }
    }
    for (kind, (len, url)) in &longest {
        println!("{kind}: longest link {len} characters: {url}");
    }
    // A chat message holds them: a 16x16 Sudoku's Solo ID is the longest.
    assert!(longest.values().all(|(len, _)| *len <= 300), "{longest:?}");
    assert!(longest["kenken"].0 <= 160 && longest["slide"].0 <= 60, "{longest:?}");
}

#[test]
fn a_broken_link_says_so() {
    for (text, want) in [
        ("inkdoku://open/3x3:b6", LinkError::NotPlay),
        ("inkdoku://play/", LinkError::Empty),
        ("inkdoku://play/%g1", LinkError::Escape),
    ] {
        let e = import::read(text).err().unwrap_or_else(|| panic!("{text} read"));
        assert_eq!((e.kind(), e.link.clone()), ("bad_link", Some(want)), "{text}");
        assert!(e.to_string().starts_with("That link can't be played: "), "{e}");
    }
    // A link whose code a game can't read is that game's error.
    let e = import::read("inkdoku://play/k6.AAAA.a3").err().unwrap_or_else(|| panic!("read"));
    assert_eq!(e.game(), Some(GameKind::Kenken));
    assert!(e.to_string().starts_with("That KenKen's code can't be read: the cage walls should be"), "{e}");
    let e = import::read("inkdoku://play/s3x3.123456788").err().unwrap_or_else(|| panic!("read"));
    assert_eq!(e.game(), Some(GameKind::Slide));
}

#[test]
fn any_link_or_code_gives_a_game_or_an_error_never_a_panic() {
    let mut rng = StdRng::seed_from_u64(45);
    let links: Vec<String> = games().iter().map(link::link_of).collect();
    let alphabet = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_:%/x?#k s\n";
    let mut outcomes = std::collections::BTreeMap::new();
    for k in 0..4_000 {
        let mut b = links[k % links.len()].clone().into_bytes();
        for _ in 0..rng.random_range(1..5) {
            let i = rng.random_range(0..b.len());
            match rng.random_range(0..3) {
                0 => b[i] = alphabet[rng.random_range(0..alphabet.len())],
                1 => { b.remove(i); }
                _ => b.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
            }
        }
        let text = String::from_utf8_lossy(&b).into_owned();
        // The code alone (as pasted without the scheme) too.
        for t in [text.as_str(), text.trim_start_matches("inkdoku://play/")] {
            let kind = match import::read(t) {
                Ok(_) => "played",
                Err(e) => e.kind(),
            };
            *outcomes.entry(kind).or_insert(0) += 1;
        }
    }
    println!("{outcomes:?}");
    assert!(outcomes.len() >= 4, "{outcomes:?}");
}
