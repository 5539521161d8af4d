//! A data folder under a user name with Chinese characters and spaces (Windows keeps the app's
//! data in C:\Users\<name>\AppData\...): saving, loading, recovery and settings must all work
//! there. Portable; also run under Wine by scripts/test-windows.sh.

use inkdoku::play::{GameInPlay, GameKind};
use inkdoku::save::{self, backup_path, load_or_recover, Recovery};
use inkdoku::testkit::{chain_start, chain_step};

#[test]
fn saves_work_in_a_data_folder_under_a_chinese_user_name_with_spaces() {
    let home = std::env::temp_dir().join(format!("inkdoku-users-{}", std::process::id())).join("张 伟 Zhang Wei");
    let dir = home.join("AppData").join("Roaming").join("app.inkdoku.desktop");
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("autosave-sudoku.{}", save::EXTENSION));

    let mut s = chain_start(7);
    save::save(&path, &GameInPlay::Sudoku(s.clone()), 1).unwrap();
    chain_step(&mut s, 7, 1);
    save::save(&path, &GameInPlay::Sudoku(s.clone()), 2).unwrap();
    let Recovery::Loaded(loaded) = load_or_recover(&path, 0, Some(GameKind::Sudoku)) else { panic!("the save did not load") };
    assert_eq!(loaded.game, GameInPlay::Sudoku(s.clone()));
    assert!(save::load(&backup_path(&path)).is_ok(), "the backup beside it");

    // A damaged save there is set aside (renamed within the folder) and the backup taken.
    std::fs::write(&path, b"{\"format\": \"inkdoku-save\", \"vers").unwrap();
    let rec = load_or_recover(&path, 0, Some(GameKind::Sudoku));
    let Recovery::FromBackup { set_aside: Some(aside), .. } = &rec else { panic!("not recovered from the backup: {rec:?}") };
    assert_eq!(aside.parent(), Some(dir.as_path()), "set aside beside it");
    assert!(aside.exists());

    let names: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(names.iter().all(|n| !n.contains('\u{fffd}')), "names kept whole: {names:?}");
    let _ = std::fs::remove_dir_all(home.parent().unwrap());
}
