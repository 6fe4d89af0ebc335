//! Engine-side transcripts of the `OPENINGBOARD` extension at the library
//! level: request text in, reply text out, and the manager-side checks of
//! the replies. Positions are drawn in the comments (`X` black, `O` white,
//! numbers the move order).

// The tests sit in a module whose name matches the `opening` test filter.
mod opening_stages {
    use tengen::opening::decide::{FnEval, StaticEval};
    use tengen::opening::{
        answer, identify, Next, OpeningError, OpeningRule, Reply, Request, Symmetry,
    };
    use tengen::protocol::SearchEval;
    use tengen::search::{Limits, Searcher};
    use tengen::{Board, Color, Pos, Rule};

    /// The engine's reply to a request written as the manager would send it:
    /// the command line, then one stone a line.
    fn ask(block: &str, eval: &mut dyn tengen::opening::Evaluator) -> Result<String, OpeningError> {
        let mut lines = block.lines().map(str::trim).filter(|l| !l.is_empty());
        let header = lines.next().unwrap_or("");
        let body: Vec<&str> = lines
            .take_while(|l| !l.eq_ignore_ascii_case("DONE"))
            .collect();
        answer(header, &body, 15, 15, Rule::Renju, eval)
    }

    fn parse(block: &str) -> Result<Request, OpeningError> {
        let mut lines = block.lines().map(str::trim).filter(|l| !l.is_empty());
        let header = lines.next().unwrap_or("");
        let body: Vec<&str> = lines
            .take_while(|l| !l.eq_ignore_ascii_case("DONE"))
            .collect();
        Request::parse(header, &body, 15, 15, Rule::Renju)
    }

    fn p(x: usize, y: usize) -> Pos {
        Pos::new(x, y)
    }

    /// Black's score counts its stones in column `col` at 100 and elsewhere at
    /// 10, white's stones at 40 each; the value is from the side to move. Its
    /// preferences can be worked out by hand.
    fn column_eval(col: usize) -> FnEval<impl FnMut(&Board) -> i32> {
        FnEval(move |b: &Board| {
            let mut black = 0;
            for q in b.points() {
                match b.stone(q) {
                    Some(Color::Black) => black += if q.x() == col { 100 } else { 10 },
                    Some(Color::White) => black -= 40,
                    None => {}
                }
            }
            if b.side_to_move() == Color::Black {
                black
            } else {
                -black
            }
        })
    }

    #[test]
    fn rif_transcript_as_tentative_black() {
        // OPENINGBOARD rif / DONE → three stones, one of the 26.
        let reply = ask("OPENINGBOARD rif\nDONE", &mut StaticEval).unwrap();
        let pts: Vec<Pos> = reply
            .split_whitespace()
            .map(|w| {
                let (x, y) = w.split_once(',').unwrap();
                p(x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        assert_eq!(pts.len(), 3, "reply {reply}");
        assert_eq!(pts[0], p(7, 7), "black 1 on the centre");
        let list = [
            (pts[0], Color::Black),
            (pts[1], Color::White),
            (pts[2], Color::Black),
        ];
        assert!(
            identify(&list, 15, 15).is_some(),
            "{reply} is not canonical"
        );
    }

    #[test]
    fn rif_swap_or_fourth_move() {
        //   . X .      black 3 (7,5)
        //   . O .      white 2 (7,6)
        //   . X .      black 1 (7,7)
        let block = "OPENINGBOARD rif\n7,7,1\n7,6,2\n7,5,1\nDONE";
        // Black's two stones in its favourite column: white swaps.
        assert_eq!(ask(block, &mut column_eval(7)).unwrap(), "SWAP");
        // Black's stones count little: white stays and plays move 4.
        let reply = ask(block, &mut column_eval(3)).unwrap();
        let req = parse(block).unwrap();
        let r = req.parse_reply(&reply).unwrap();
        assert!(matches!(r, Reply::Stone { declared: None, .. }), "{reply}");
        assert_eq!(req.check(&r), Ok(()));
        // With the swap closed the answer is a move whatever the evaluation.
        let closed = "OPENINGBOARD rif NOSWAP\n7,7,1\n7,6,2\n7,5,1\nDONE";
        assert_ne!(ask(closed, &mut column_eval(7)).unwrap(), "SWAP");
    }

    #[test]
    fn rif_fifth_move_offers_on_a_symmetric_position() {
        //   . . X . .      black 3
        //   . . O . .      white 2
        //   . . X . .      black 1
        //   . . O . .      white 4
        // The position keeps its left-right mirror, so black's favourite column
        // x = 6 and its mirror x = 8 are the same offer.
        let block = "OPENINGBOARD rif\n7,7,1\n7,6,2\n7,5,1\n7,8,2\nDONE";
        let reply = ask(block, &mut column_eval(6)).unwrap();
        let req = parse(block).unwrap();
        let r = req.parse_reply(&reply).unwrap();
        let Reply::Offers(points) = &r else {
            panic!("expected offers, got {reply}");
        };
        assert_eq!(points.len(), 2);
        assert!(
            points.iter().all(|q| q.x() == 6),
            "both offers in column 6: {reply}"
        );
        assert_eq!(req.check(&r), Ok(()));
        // Five offers under a declared count.
        let five = "OPENINGBOARD rif 5\n7,7,1\n7,6,2\n7,5,1\n7,8,2\nDONE";
        let reply = ask(five, &mut StaticEval).unwrap();
        let req = parse(five).unwrap();
        assert_eq!(
            req.check(&req.parse_reply(&reply).unwrap()),
            Ok(()),
            "{reply}"
        );
        assert_eq!(reply.split_whitespace().count(), 5);
    }

    #[test]
    fn rif_white_keeps_an_offer_and_plays_six() {
        // Offers 6,4 (off black's column) and 7,4 (in it): white keeps 6,4.
        let block = "OPENINGBOARD rif\n7,7,1\n7,6,2\n7,5,1\n7,8,2\n7,4,3\n6,4,3\nDONE";
        let reply = ask(block, &mut column_eval(7)).unwrap();
        let req = parse(block).unwrap();
        let r = req.parse_reply(&reply).unwrap();
        assert!(
            matches!(r, Reply::Keep { fifth, .. } if fifth == p(6, 4)),
            "{reply}"
        );
        assert_eq!(req.check(&r), Ok(()));
        assert!(matches!(req.next(&r), Ok(Next::Play(stones)) if stones.len() == 6));
    }

    #[test]
    fn yamaguchi_declares_with_the_opening() {
        let reply = ask("OPENINGBOARD yamaguchi\nDONE", &mut StaticEval).unwrap();
        let words: Vec<&str> = reply.split_whitespace().collect();
        assert_eq!(words.len(), 4, "three stones and a number: {reply}");
        let n: usize = words[3].parse().unwrap();
        assert!((1..=16).contains(&n));
        let req = Request::new(OpeningRule::Yamaguchi, 15, 15, Rule::Renju);
        assert_eq!(req.check(&req.parse_reply(&reply).unwrap()), Ok(()));
    }

    #[test]
    fn soosorv_stages() {
        // Move 4 with a declared count, or a swap.
        let three = "OPENINGBOARD soosorv-8\n7,7,1\n8,6,2\n9,5,1\nDONE";
        let reply = ask(three, &mut column_eval(3)).unwrap();
        let req = parse(three).unwrap();
        let r = req.parse_reply(&reply).unwrap();
        assert!(
            matches!(
                r,
                Reply::Stone {
                    declared: Some(1..=8),
                    ..
                }
            ),
            "{reply}"
        );
        assert_eq!(req.check(&r), Ok(()));
        // Black with four stones may swap when even the kept offer is bad ...
        let four = "OPENINGBOARD soosorv-8 3\n7,7,1\n8,6,2\n9,5,1\n6,8,2\nDONE";
        let mut gloomy = FnEval(|b: &Board| {
            if b.side_to_move() == Color::Black {
                -500
            } else {
                500
            }
        });
        assert_eq!(ask(four, &mut gloomy).unwrap(), "SWAP");
        // ... but not after a swap: then it offers the three.
        let closed = "OPENINGBOARD soosorv-8 3 NOSWAP\n7,7,1\n8,6,2\n9,5,1\n6,8,2\nDONE";
        let reply = ask(closed, &mut gloomy).unwrap();
        let req = parse(closed).unwrap();
        assert_eq!(
            req.check(&req.parse_reply(&reply).unwrap()),
            Ok(()),
            "{reply}"
        );
        assert_eq!(reply.split_whitespace().count(), 3);
        // The stage needs the declared count.
        assert_eq!(
            ask(
                "OPENINGBOARD soosorv-8\n7,7,1\n8,6,2\n9,5,1\n6,8,2\nDONE",
                &mut StaticEval
            ),
            Err(OpeningError::MissingCount)
        );
        assert_eq!(
            ask(
                "OPENINGBOARD soosorv-8 9\n7,7,1\n8,6,2\n9,5,1\n6,8,2\nDONE",
                &mut StaticEval
            ),
            Err(OpeningError::BadCount { count: 9, max: 8 })
        );
    }

    #[test]
    fn taraguchi_stones_stay_in_their_squares() {
        // Each stage answered by the engine, both sides, checked by the rule.
        let mut req = Request::new(OpeningRule::Taraguchi(10), 15, 15, Rule::Renju);
        let mut eval = StaticEval;
        for _ in 0..20 {
            let text = req.to_lines();
            let header = &text[0];
            let body: Vec<&str> = text[1..text.len() - 1].iter().map(String::as_str).collect();
            let reply = answer(header, &body, 15, 15, Rule::Renju, &mut eval).unwrap();
            let r = req.parse_reply(&reply).unwrap();
            match req.next(&r).unwrap() {
                Next::Ask(next) => req = next,
                Next::Play(stones) => {
                    assert!(stones.len() >= 6, "{stones:?}");
                    for (i, s) in stones.iter().take(4).enumerate() {
                        let reach = i;
                        assert!(
                            s.x().abs_diff(7) <= reach && s.y().abs_diff(7) <= reach,
                            "stone {i} at {s}"
                        );
                    }
                    return;
                }
            }
        }
        panic!("the opening did not end");
    }

    #[test]
    fn taraguchi_manager_rejects_a_stone_outside_its_square() {
        let req = parse("OPENINGBOARD taraguchi-10\n7,7,1\n8,8,2\nDONE").unwrap();
        // Move 3 must lie in the central 5×5 square.
        let r = req.parse_reply("10,7").unwrap();
        assert!(matches!(
            req.check(&r),
            Err(OpeningError::OutsideArea { .. })
        ));
        assert_eq!(req.check(&req.parse_reply("9,7").unwrap()), Ok(()));
        // And a request whose stones break the squares is refused.
        assert!(matches!(
            parse("OPENINGBOARD taraguchi-10\n7,7,1\n9,9,2\nDONE"),
            Err(OpeningError::OutsideArea { .. })
        ));
    }

    #[test]
    fn swap2_stages_as_swap2board() {
        let board_rule_free = |block: &str, eval: &mut dyn tengen::opening::Evaluator| {
            let mut lines = block.lines();
            let header = lines.next().unwrap();
            let body: Vec<&str> = lines.take_while(|l| *l != "DONE").collect();
            answer(header, &body, 15, 15, Rule::Freestyle, eval).unwrap()
        };
        let three = board_rule_free("OPENINGBOARD swap2\nDONE", &mut StaticEval);
        assert_eq!(three.split_whitespace().count(), 3);
        let block = "OPENINGBOARD swap2\n7,7,1\n7,6,2\n7,5,1\nDONE";
        assert_eq!(
            board_rule_free(block, &mut FnEval(|_: &Board| -100)),
            "SWAP"
        );
        assert_eq!(
            board_rule_free(block, &mut FnEval(|_: &Board| 100))
                .split_whitespace()
                .count(),
            1
        );
        assert_eq!(
            board_rule_free(block, &mut FnEval(|_: &Board| 0))
                .split_whitespace()
                .count(),
            2
        );
        let five = "OPENINGBOARD swap2\n7,7,1\n7,6,2\n7,5,1\n8,8,2\n6,6,1\nDONE";
        assert_eq!(board_rule_free(five, &mut FnEval(|_: &Board| -100)), "SWAP");
        assert_eq!(
            board_rule_free(five, &mut FnEval(|_: &Board| 100))
                .split_whitespace()
                .count(),
            1
        );
    }

    #[test]
    fn whole_openings_engine_against_itself_under_every_rule() {
        for rule in OpeningRule::ALL {
            let mut req = Request::new(rule, 15, 15, Rule::Renju);
            let mut searcher = Searcher::default();
            let mut eval = SearchEval::new(
                &mut searcher,
                Limits {
                    max_depth: 1,
                    ..Limits::default()
                },
            );
            eval.per_question = Some(std::time::Duration::from_millis(50));
            let mut steps = 0;
            let stones = loop {
                steps += 1;
                assert!(steps < 20, "{rule}: the opening did not end");
                let text = req.to_lines();
                let body: Vec<&str> = text[1..text.len() - 1].iter().map(String::as_str).collect();
                let reply = answer(&text[0], &body, 15, 15, Rule::Renju, &mut eval).unwrap();
                let r = req.parse_reply(&reply).unwrap();
                match req.next(&r) {
                    Ok(Next::Ask(next)) => req = next,
                    Ok(Next::Play(stones)) => break stones,
                    Err(e) => panic!("{rule}: reply {reply} refused: {e}"),
                }
            };
            let board = Board::from_moves(
                15,
                15,
                Rule::Renju,
                &stones
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| {
                        (
                            s,
                            if i % 2 == 0 {
                                Color::Black
                            } else {
                                Color::White
                            },
                        )
                    })
                    .collect::<Vec<_>>(),
            )
            .unwrap();
            assert!(board.stone_count() >= 3, "{rule}");
            if rule.canonical() {
                let list: Vec<(Pos, Color)> = stones[..3]
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| (s, if i == 1 { Color::White } else { Color::Black }))
                    .collect();
                assert!(identify(&list, 15, 15).is_some());
                assert_eq!(stones.len(), 6, "{rule}");
            }
        }
    }

    /// Counts the questions put to the evaluator (a search each, in the
    /// engine), answering them with the static evaluation.
    struct Counting(u32);

    impl tengen::opening::Evaluator for Counting {
        fn value(&mut self, board: &Board) -> i32 {
            self.0 += 1;
            StaticEval.value(board)
        }
        fn best_moves(
            &mut self,
            board: &Board,
            allowed: &dyn Fn(Pos) -> bool,
            count: usize,
        ) -> Vec<(Pos, i32)> {
            self.0 += 1;
            StaticEval.best_moves(board, allowed, count)
        }
    }

    #[test]
    fn no_stage_asks_more_than_its_question_budget() {
        use tengen::opening::decide::STAGE_QUESTIONS;
        for rule in [
            OpeningRule::Rif,
            OpeningRule::Yamaguchi,
            OpeningRule::Soosorv(16),
            OpeningRule::Taraguchi(16),
            OpeningRule::Tarannikov,
            OpeningRule::Swap2,
        ] {
            let mut req = Request::new(rule, 15, 15, Rule::Renju);
            // A swap is followed by the same stage with the swap closed, and
            // the opening goes on from there, so every stage is reached.
            for _ in 0..20 {
                let mut eval = Counting(0);
                let reply = tengen::opening::respond(&req, &mut eval).unwrap();
                assert!(
                    eval.0 <= STAGE_QUESTIONS,
                    "{rule}: {} questions at {:?}",
                    eval.0,
                    req.to_lines()
                );
                let reply = if reply == Reply::Swap {
                    let mut closed = req.clone();
                    closed.swapped = true;
                    tengen::opening::respond(&closed, &mut Counting(0)).unwrap()
                } else {
                    reply
                };
                match req.next(&reply).unwrap() {
                    Next::Ask(next) => req = next,
                    Next::Play(_) => break,
                }
            }
        }
    }

    #[test]
    fn the_manager_refuses_bad_replies() {
        let symmetric = parse("OPENINGBOARD rif\n7,7,1\n7,6,2\n7,5,1\n7,8,2\nDONE").unwrap();
        // Mirror images in a position that keeps the mirror.
        let r = symmetric.parse_reply("6,4 8,4").unwrap();
        assert_eq!(
            symmetric.check(&r),
            Err(OpeningError::Symmetric {
                first: p(6, 4),
                second: p(8, 4),
                symmetry: Symmetry::MirrorX
            })
        );
        // The wrong number.
        let r = symmetric.parse_reply("6,4 9,9 10,10").unwrap();
        assert_eq!(
            symmetric.check(&r),
            Err(OpeningError::WrongCount {
                expected: 2,
                got: 3
            })
        );
        // A taken point.
        let r = symmetric.parse_reply("7,8 9,9").unwrap();
        assert_eq!(symmetric.check(&r), Err(OpeningError::Occupied(p(7, 8))));
        // A non-canonical opening: black 3 outside the 5×5 square, or black 1
        // off the centre.
        let empty = Request::new(OpeningRule::Rif, 15, 15, Rule::Renju);
        let r = empty.parse_reply("7,7 7,6 7,4").unwrap();
        assert_eq!(empty.check(&r), Err(OpeningError::NotCanonical));
        let r = empty.parse_reply("6,6 6,5 6,4").unwrap();
        assert_eq!(empty.check(&r), Err(OpeningError::NotCanonical));
        assert_eq!(
            empty.check(&empty.parse_reply("7,7 7,6 7,5").unwrap()),
            Ok(())
        );
        // SWAP where no swap is open.
        assert!(matches!(
            symmetric.check(&Reply::Swap),
            Err(OpeningError::NotAllowed(_))
        ));
        // A kept move that was not offered.
        let keep =
            parse("OPENINGBOARD rif\n7,7,1\n7,6,2\n7,5,1\n7,8,2\n6,4,3\n9,9,3\nDONE").unwrap();
        let r = keep.parse_reply("10,10 9,9").unwrap();
        assert_eq!(keep.check(&r), Err(OpeningError::NotOffered(p(10, 10))));
        // Garbage.
        assert!(matches!(
            empty.parse_reply("hello"),
            Err(OpeningError::BadReply(_))
        ));
        assert!(matches!(
            empty.parse_reply("7,7 7,6"),
            Err(OpeningError::BadReply(_))
        ));
        assert!(matches!(
            empty.parse_reply("7,7 7,6 99,5"),
            Err(OpeningError::OffBoard { .. })
        ));
        // A declared count where none is asked for.
        assert!(symmetric.parse_reply("6,4 9,9 2").is_err());
    }

    #[test]
    fn bad_requests_get_typed_errors() {
        use OpeningError::*;
        assert!(matches!(
            parse("OPENINGBOARD renju-9\nDONE"),
            Err(UnknownRule(_))
        ));
        assert!(matches!(parse("OPENINGBOARD\nDONE"), Err(BadHeader(_))));
        assert!(matches!(
            parse("OPENINGBOARD rif 2 3\nDONE"),
            Err(BadHeader(_))
        ));
        assert!(matches!(
            parse("OPENINGBOARD rif\n7,7\nDONE"),
            Err(BadLine(_))
        ));
        assert!(matches!(
            parse("OPENINGBOARD rif\n7,7,4\nDONE"),
            Err(BadLine(_))
        ));
        assert!(matches!(
            parse("OPENINGBOARD rif\n7,7,2\nDONE"),
            Err(OutOfOrder { index: 0, .. })
        ));
        assert!(matches!(
            parse("OPENINGBOARD rif\n7,7,1\n7,7,2\nDONE"),
            Err(Occupied(_))
        ));
        assert!(matches!(
            parse("OPENINGBOARD rif\n7,7,1\n-1,7,2\nDONE"),
            Err(OffBoard { .. })
        ));
        assert!(matches!(
            parse("OPENINGBOARD rif\n7,7,1\nDONE"),
            Err(NoStage {
                stones: 1,
                offers: 0
            })
        ));
        assert!(matches!(
            parse("OPENINGBOARD rif\n7,7,1\n7,6,2\n7,4,1\nDONE"),
            Err(NotCanonical)
        ));
        assert!(matches!(
            parse("OPENINGBOARD rif\n7,7,1\n7,6,2\n6,4,3\n7,5,1\nDONE"),
            Err(MisplacedOffer(_))
        ));
        // Offers in the request: symmetric ones and the wrong number are refused.
        assert!(matches!(
            parse("OPENINGBOARD rif\n7,7,1\n7,6,2\n7,5,1\n7,8,2\n6,4,3\n8,4,3\nDONE"),
            Err(Symmetric { .. })
        ));
        assert!(matches!(
            parse("OPENINGBOARD rif\n7,7,1\n7,6,2\n7,5,1\n7,8,2\n6,4,3\nDONE"),
            Err(WrongCount {
                expected: 2,
                got: 1
            })
        ));
        // After a swap at move 0 there is nothing to do.
        assert!(parse("OPENINGBOARD rif NOSWAP\nDONE").is_err());
    }

    #[test]
    fn requests_round_trip_through_text() {
        let req =
            parse("OPENINGBOARD soosorv-8 3 NOSWAP\n7,7,1\n8,6,2\n9,5,1\n6,8,2\nDONE").unwrap();
        let lines = req.to_lines();
        assert_eq!(lines[0], "OPENINGBOARD soosorv-8 3 NOSWAP");
        assert_eq!(lines.last().map(String::as_str), Some("DONE"));
        let body: Vec<&str> = lines[1..lines.len() - 1]
            .iter()
            .map(String::as_str)
            .collect();
        assert_eq!(
            Request::parse(&lines[0], &body, 15, 15, Rule::Renju),
            Ok(req)
        );
    }

    #[test]
    fn random_garbage_never_panics() {
        // A small deterministic generator: lines built from fragments that are
        // almost right.
        let mut state = 0x5eed_u64;
        let mut next = move |n: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((state >> 33) as usize) % n
        };
        let heads = [
            "OPENINGBOARD rif",
            "OPENINGBOARD soosorv-8 3",
            "OPENINGBOARD taraguchi-10",
            "OPENINGBOARD swap2",
            "OPENINGBOARD yamaguchi 2 NOSWAP",
            "x",
            "",
        ];
        let frags = [
            "7",
            "8",
            "6",
            "-1",
            "15",
            "99999999999",
            "",
            "a",
            "3",
            "1",
            "2",
        ];
        let mut engine_answers = 0;
        for round in 0..4000 {
            let head = heads[next(heads.len())];
            let lines: Vec<String> = if round % 2 == 0 {
                // Garbage built from fragments that are almost right.
                (0..next(8))
                    .map(|_| {
                        let k = 1 + next(4);
                        (0..k)
                            .map(|_| frags[next(frags.len())])
                            .collect::<Vec<_>>()
                            .join(",")
                    })
                    .collect()
            } else {
                // Well-formed stones near the centre in move order, maybe
                // followed by offers: positions the rules may or may not allow.
                let stones = next(7);
                let offers = if stones == 4 { next(4) } else { 0 };
                (0..stones + offers)
                    .map(|i| {
                        let c = if i >= stones { 3 } else { 1 + i % 2 };
                        format!("{},{},{c}", 4 + next(7), 4 + next(7))
                    })
                    .collect()
            };
            let body: Vec<&str> = lines.iter().map(String::as_str).collect();
            if let Ok(req) = Request::parse(head, &body, 15, 15, Rule::Renju) {
                let reply = answer(head, &body, 15, 15, Rule::Renju, &mut StaticEval);
                if let Ok(text) = reply {
                    engine_answers += 1;
                    let r = req.parse_reply(&text).expect("the engine's reply parses");
                    assert_eq!(req.check(&r), Ok(()), "{head} {body:?} -> {text}");
                }
                for junk in ["SWAP", "7,7", "7,7 8,8", "7,7 8,8 9,9 2", "1 2 3", "x,y"] {
                    if let Ok(r) = req.parse_reply(junk) {
                        let _ = req.check(&r);
                    }
                }
            }
        }
        assert!(
            engine_answers > 100,
            "only {engine_answers} requests reached the engine"
        );
    }
}
