//! Records that `tengen-arena` writes, read by the real `tengen-board`:
//! a game with passes (`-1,-1,ms` in `.psq`) shows every move, the right
//! colours and the players' names, in the tournament view and when
//! loaded onto the board.

mod board_support;

use board_support::{temp_dir, workspace_bin, Board};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let path = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("target/<profile>")
        .join("examples")
        .join(name);
    assert!(path.is_file(), "{} is missing", path.display());
    path
}

#[test]
fn a_game_with_passes_reads_whole_with_its_names() {
    let dir = temp_dir("passes");
    let out = dir.join("run");
    // One pair: an engine that passes from its third move on, against the
    // greedy engine, which then makes five with stones only.
    let status = Command::new(workspace_bin("tengen-arena"))
        .args(["-n", "1", "-q", "--turn-time", "3s"])
        .arg("-e")
        .arg(format!(
            "passer={} pass --at 3",
            example("broken_engine").display()
        ))
        .arg("-e")
        .arg(format!(
            "greedy={} --seed 3",
            example("greedy_engine").display()
        ))
        .arg("--out")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    let summary: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    let b = Board::start(&["--watch", out.to_str().unwrap()]);
    let listed = b.get("/api/arena");
    let entries = listed["games"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{listed}");
    assert_eq!(listed["errors"].as_array().unwrap().len(), 0, "{listed}");
    let mut passes_seen = 0;
    for g in summary["games"].as_array().unwrap() {
        let moves = g["moves"].as_array().unwrap();
        let passes = moves.iter().filter(|m| m["pass"] == true).count();
        passes_seen += passes;
        let file = format!(
            "{:05}_{}_vs_{}.psq",
            g["id"].as_u64().unwrap(),
            g["black_name"].as_str().unwrap(),
            g["white_name"].as_str().unwrap()
        );
        let entry = entries
            .iter()
            .find(|e| e["file"] == file.as_str())
            .unwrap_or_else(|| panic!("{file} in {listed}"));
        assert_eq!(entry["black"], g["black_name"], "{entry}");
        assert_eq!(entry["white"], g["white_name"], "{entry}");
        assert_eq!(
            entry["moves"].as_u64().unwrap() as usize,
            moves.len(),
            "{entry}"
        );
        assert!(entry["result"].is_string(), "{entry}");
        // The stones, each with the colour that played it.
        let stones: Vec<(u64, u64, String)> = moves
            .iter()
            .filter(|m| m["pass"] != true)
            .map(|m| {
                (
                    m["x"].as_u64().unwrap(),
                    m["y"].as_u64().unwrap(),
                    m["color"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        let shown = |v: &Value| -> Vec<(u64, u64, String)> {
            v["stones"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| {
                    (
                        s["x"].as_u64().unwrap(),
                        s["y"].as_u64().unwrap(),
                        s["color"].as_str().unwrap().to_string(),
                    )
                })
                .collect()
        };
        let view = b.get(&format!("/api/arena/game?file={file}"));
        assert_eq!(shown(&view), stones, "{view}");
        assert_eq!(view["players"][0], g["black_name"], "{view}");
        // Loaded onto the board, the same stones, and saved back the same
        // passes.
        let psq = std::fs::read(out.join("games").join(&file)).unwrap();
        let (status, body) = b.call("POST", "/api/load", &psq);
        assert_eq!(status, 200, "{body}");
        assert_eq!(shown(&b.game()), stones);
        let (_, saved) = b.call("GET", "/api/save?format=psq", b"");
        assert_eq!(saved.matches("\n-1,-1,").count(), passes, "{saved}");
        let (status, body) = b.call("POST", "/api/load", saved.as_bytes());
        assert_eq!(status, 200, "{body}");
        assert_eq!(shown(&b.game()), stones);
    }
    assert!(passes_seen >= 2, "the games hold passes: {summary}");
}
