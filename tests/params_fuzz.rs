//! Every kind's new-game params from any JSON (what `new_game` and a settings file give the
//! engine): strict parsing and lenient reading never panic, what reads leniently always parses
//! strictly, and every params that parse make a game from the collection.

use inkdoku::play::{GameInPlay, GameKind, GameParams, Source};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

fn random_value(rng: &mut rand::rngs::StdRng, depth: u32) -> Value {
    // Mostly objects of plausible fields at the top, so that many params are valid.
    let pick = if depth == 0 && rng.random_ratio(5, 6) { 5 } else { rng.random_range(0..if depth > 0 { 5 } else { 6 }) };
    match pick {
        0 => Value::Null,
        1 => json!(rng.random::<bool>()),
        2 => json!(if rng.random_ratio(3, 4) { rng.random_range(3i64..10) } else { rng.random_range(-2i64..20) }),
        3 => json!(["easy", "medium", "hard", "expert", "fiendish", "builtin:reef", "builtin:lake", "builtin:castle", "0123456789abcdef.png", "../x.png", "9", ""][rng.random_range(0..12)]),
        4 => json!(rng.random::<f64>() * 10.0),
        _ => {
            let keys = ["size", "rows", "cols", "difficulty", "symmetric", "picture", "colour"];
            Value::Object((0..rng.random_range(0..4)).map(|_| (keys[rng.random_range(0..keys.len())].to_string(), random_value(rng, depth + 1))).collect())
        }
    }
}

#[test]
fn params_from_any_json_are_errors_or_games() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(25);
    let mut made = 0;
    for &kind in GameKind::ALL {
        for k in 0..1500u64 {
            let v = random_value(&mut rng, 0);
            let (lenient, _) = GameParams::read_lenient(kind, &v);
            assert_eq!(GameParams::parse(kind, lenient.to_value()).as_ref(), Ok(&lenient), "{kind:?} {v}");
            if let Ok(p) = GameParams::parse(kind, v.clone()) {
                assert_eq!(p, lenient, "params that parse read the same leniently: {v}");
                let game = GameInPlay::make(&p, Source::Collection, k, &mut |_| true);
                assert!(game.as_ref().is_ok_and(|g| g.kind() == kind), "{kind:?} {v}: {game:?}");
                made += 1;
            }
        }
        assert_eq!(GameParams::parse(kind, json!({})), Ok(GameParams::default_of(kind)), "{{}} is the kind's defaults");
    }
    assert!(made > 300, "only {made} random params were valid: the generator is too wild to test make");
}
