//! The scans against their scalar definitions, exhaustively over byte
//! values, lane positions and tail lengths (also under Miri in CI).

use super::*;

/// Where the byte under test goes in an input of `len` bytes: everywhere,
/// or under Miri (which checks the vector code's memory accesses, and runs
/// each call thousands of times slower) the lanes at the ends and around
/// each 16-byte boundary, where the chunk and tail code changes hands.
fn positions(len: usize) -> impl Iterator<Item = usize> {
    let edges = [0, 1, 14, 15, 16, 17, 31, 32, 33, 47, 48];
    (0..len).filter(move |&p| !cfg!(miri) || edges.contains(&p) || p + 2 >= len)
}

#[test]
fn copy_bytes_copies_the_common_prefix() {
    let src: [u8; 40] = core::array::from_fn(|i| i as u8 + 1);
    for dl in [0usize, 1, 15, 16, 17, 40] {
        for sl in [0usize, 3, 16, 33, 40] {
            let mut dst = [0u8; 40];
            copy_bytes(&mut dst[..dl], &src[..sl]);
            let n = dl.min(sl);
            assert_eq!(dst[..n], src[..n], "{dl} {sl}");
            assert!(dst[n..].iter().all(|&b| b == 0), "{dl} {sl}");
        }
    }
}

/// `Stop::ALL` names each stop at its index, so that code instantiated
/// per stop through `Stop::X as u8` scans for `X`. (It holds every stop
/// too: the short find's match names each, and `ALL[Stop::X as usize]`
/// past its end would not compile; so the tests here scan for each of
/// `ALL`.)
#[test]
fn every_stop_is_at_its_index() {
    for (i, stop) in Stop::ALL.into_iter().enumerate() {
        assert_eq!(stop as usize, i, "{stop:?}");
    }
}

/// The sets are the standard's, independently of the tables.
#[test]
fn sets_match_the_standard() {
    for b in 0..=255u8 {
        let outside = !(0x21..=0x7E).contains(&b);
        let query = outside || b"\"#<>".contains(&b);
        assert_eq!(Stop::Query.stops_at(b), query, "{b:#x}");
        assert_eq!(
            Stop::SpecialQuery.stops_at(b),
            query || b == b'\'',
            "{b:#x}"
        );
        assert_eq!(
            Stop::Fragment.stops_at(b),
            outside || b"\"<>`".contains(&b),
            "{b:#x}"
        );
        assert_eq!(
            Stop::Path.stops_at(b),
            query || b"?^`{}\\".contains(&b),
            "{b:#x}"
        );
        assert_eq!(
            Stop::Domain.stops_at(b),
            outside || b.is_ascii_uppercase() || b"#%/:<>?@[\\]^|".contains(&b),
            "{b:#x}"
        );
        assert_eq!(
            Stop::Authority.stops_at(b),
            b"/\\?#@:[]\t\n\r".contains(&b),
            "{b:#x}"
        );
        assert_eq!(
            Stop::BracketedAuthority.stops_at(b),
            b"/\\?#@]\t\n\r".contains(&b),
            "{b:#x}"
        );
        assert_eq!(
            Stop::OpaquePath.stops_at(b),
            !(0x20..0x7F).contains(&b) || b == b'?' || b == b'#',
            "{b:#x}"
        );
        let ldh = b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.';
        assert_eq!(Stop::Ldh.stops_at(b), !ldh, "{b:#x}");
        // The fast path relies on it stopping wherever `Domain` does.
        assert!(!Stop::Domain.stops_at(b) || Stop::Ldh.stops_at(b), "{b:#x}");
        let any_case = ldh || b.is_ascii_uppercase();
        assert_eq!(Stop::LdhAnyCase.stops_at(b), !any_case, "{b:#x}");
    }
}

/// Every byte value at every lane, in inputs of every length around the
/// 16-byte step, from every start: `find` agrees with the per-byte
/// definition.
#[test]
fn find_agrees_with_the_definition() {
    // Miri checks the loads, which depend on the length, the start and
    // where the scan stops, not on which byte stops it: one byte every set
    // stops at, and one with bit 7 set (the sets' edges run natively).
    let some = [b'#', 0x80];
    let all: [u8; 256] = core::array::from_fn(|b| b as u8);
    let values = if cfg!(miri) { &some[..] } else { &all[..] };
    // Every length under a chunk: a short input is copied into one in
    // three size classes (1-3, 4-7, 8-15 bytes).
    let lens: &[usize] = if cfg!(miri) {
        &[3, 5, 9, 16, 17, 33, 49]
    } else {
        &[
            0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 31, 32, 33, 47, 48, 49,
            63, 64, 65,
        ]
    };
    for &stop in &Stop::ALL {
        for &v in values {
            for &len in lens {
                for pos in positions(len) {
                    let mut input = [b'a'; 65];
                    input[pos] = v;
                    let input = &input[..len];
                    // Starts leaving every kind of tail: none, under
                    // one chunk, one or two chunks, more.
                    let starts: &[usize] = &[
                        0,
                        pos,
                        pos.saturating_sub(1),
                        len / 2,
                        len.saturating_sub(15),
                        len.saturating_sub(16),
                        len.saturating_sub(17),
                        len.saturating_sub(32),
                        len.saturating_sub(33),
                        len,
                    ];
                    for &start in starts {
                        let want = (start..len)
                            .find(|&k| stop.stops_at(input[k]))
                            .unwrap_or(len);
                        assert_eq!(
                            find(input, start, stop),
                            want,
                            "{stop:?} {v:#x} len {len} pos {pos} from {start}"
                        );
                        if !cfg!(miri) {
                            assert_eq!(find_scalar(input, start, stop), want);
                        }
                        if stop == Stop::Ldh {
                            assert_eq!(find_host(input, start), want, "{v:#x} {len} {pos}");
                        }
                    }
                }
            }
        }
        // Past the end: the end (both ways: other targets use the scalar).
        assert_eq!(find(b"abc", 7, stop), 3);
        assert_eq!(find_scalar(b"abc", 7, stop), 3);
    }
}

/// `find_path` against its definition: every byte value at every lane,
/// alone and after a '/', with the '/' on either side of a 16-byte step.
#[test]
fn find_path_agrees_with_the_definition() {
    // Under Miri, the two bytes that make the scan look around them.
    let some = [b'.', b'%'];
    let all: [u8; 256] = core::array::from_fn(|b| b as u8);
    let values = if cfg!(miri) { &some[..] } else { &all[..] };
    let lens: &[usize] = if cfg!(miri) {
        &[3, 5, 9, 17, 33, 49]
    } else {
        &[
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 31, 32, 33, 47, 48, 49,
            64, 65,
        ]
    };
    for &v in values {
        for &len in lens {
            for pos in positions(len) {
                for slash_before in [false, true] {
                    let mut input = [b'a'; 65];
                    input[pos] = v;
                    if slash_before && pos > 0 {
                        input[pos - 1] = b'/';
                    }
                    let input = &input[..len];
                    // `scan_path` stops wherever `find_path` does (the
                    // definitions only: no vector code to check under Miri).
                    if !cfg!(miri) {
                        for k in 0..len {
                            assert!(!path_stops_at(input, k) || scan_path_stops_at(input, k));
                        }
                    }
                    for start in [
                        0,
                        pos,
                        pos.saturating_sub(1),
                        len / 2,
                        16.min(len),
                        len.saturating_sub(16),
                        len.saturating_sub(17),
                        len.saturating_sub(32),
                        len.saturating_sub(33),
                        len,
                    ] {
                        let want = (start..len)
                            .find(|&k| path_stops_at(input, k))
                            .unwrap_or(len);
                        assert_eq!(
                            find_path(input, start),
                            want,
                            "{v:#x} len {len} pos {pos} slash {slash_before} from {start}"
                        );
                        if !cfg!(miri) {
                            assert_eq!(find_path_scalar(input, start), want);
                        }
                        let want = (start..len)
                            .find(|&k| scan_path_stops_at(input, k))
                            .unwrap_or(len);
                        assert_eq!(
                            scan_path(input, start),
                            want,
                            "scan_path {v:#x} len {len} pos {pos} slash {slash_before} from {start}"
                        );
                    }
                }
            }
        }
    }
    assert_eq!(find_path(b"/a/./b", 0), 3);
    assert_eq!(find_path(b"/a", 5), 2);
    assert_eq!(find_path_scalar(b"/a", 5), 2);
    assert_eq!(find_path(b"/a/%2e/b", 2), 3);
    assert_eq!(find_path(b"/a.b/c", 0), 6);
}

#[test]
fn ascii_str_accepts_exactly_ascii() {
    // Every length up to past the four straight-line chunks, and two
    // that take the loop.
    for len in (0usize..=66).chain([100, 129]) {
        let mut v = [b'x'; 129];
        assert_eq!(ascii_str(&v[..len]).map(str::len), Some(len));
        for pos in positions(len) {
            v[pos] = 0x80;
            assert_eq!(ascii_str(&v[..len]), None, "len {len} pos {pos}");
            v[pos] = 0x7F;
            assert!(ascii_str(&v[..len]).is_some());
            v[pos] = b'x';
        }
    }
}

/// `contains_tab_or_newline` against its definition: every byte value at
/// every place of inputs of every length up to and past the four
/// straight-line chunks (and two that take the loop), with no other byte
/// of the three around it.
#[test]
fn contains_tab_or_newline_agrees_with_the_definition() {
    let some = [
        0x08, b'\t', b'\n', 0x0B, 0x0C, b'\r', 0x0E, 0x89, 0x8A, 0x8D,
    ];
    let all: [u8; 256] = core::array::from_fn(|b| b as u8);
    let values = if cfg!(miri) { &some[..] } else { &all[..] };
    // Miri is slow: the lengths around each chunk boundary and the loop.
    let every: std::vec::Vec<usize> = (0usize..=66).chain([100, 129]).collect();
    let lens = if cfg!(miri) {
        &[0, 1, 7, 8, 15, 16, 17, 31, 32, 48, 49, 64, 65, 129][..]
    } else {
        &every[..]
    };
    for &len in lens {
        let mut v = [b'x'; 129];
        assert!(!contains_tab_or_newline(&v[..len]), "len {len}");
        for pos in positions(len) {
            for &b in values {
                v[pos] = b;
                let expected = matches!(b, b'\t' | b'\n' | b'\r');
                assert_eq!(
                    contains_tab_or_newline(&v[..len]),
                    expected,
                    "len {len} pos {pos} byte {b:#x}"
                );
            }
            v[pos] = b'x';
        }
    }
}

/// `last_index_of` against `rposition`: no match, one match at every
/// place, and a second match before it, in inputs of every length up to
/// and past the two-chunk step (the bytes around it differ from '/' in one
/// bit, and in bit 7).
#[test]
fn last_index_of_agrees_with_the_definition() {
    for len in 0..70usize {
        let filler: std::vec::Vec<u8> = (0..len)
            .map(|k| [b'/' ^ 1, b'/' ^ 0x80, b'a', 0][k % 4])
            .collect();
        assert_eq!(last_index_of(&filler, b'/'), None, "len {len}");
        for p in positions(len) {
            let mut v = filler.clone();
            v[p] = b'/';
            assert_eq!(last_index_of(&v, b'/'), Some(p), "len {len} at {p}");
            let seconds: &[usize] = if cfg!(miri) {
                &[0]
            } else {
                &[0, p / 2, p.saturating_sub(1)]
            };
            for &q in seconds {
                let mut w = v.clone();
                w[q] = b'/';
                assert_eq!(last_index_of(&w, b'/'), Some(p), "len {len} at {q}, {p}");
            }
        }
    }
}

/// `in_sets` against `ByteSet::contains`: every byte value at every place
/// of texts of every length up to 16 (and `None` past 16, or without a
/// vector unit), sets with and without case folding and at both ends of
/// the byte range, and the text as a number byte for byte.
#[test]
fn in_sets_agrees_with_the_definition() {
    let set = |lo, hi, any_case| ByteSet { lo, hi, any_case };
    let sets = [
        set(b'.', b'.', false),
        set(b'0', b'9', false),
        set(b'a', b'f', true),
        set(b'x', b'x', true),
        set(0x00, 0x10, false),
        set(0x81, 0xFF, false),
    ];
    for len in 0..=17usize {
        let filler: std::vec::Vec<u8> = (0..len).map(|k| [b'a', b'.', b'7', 0x80][k % 4]).collect();
        let values: std::vec::Vec<u8> = if cfg!(miri) {
            // The loads do not depend on the byte; one in each set.
            std::vec![b'.', b'9', b'F', 0x80]
        } else {
            (0..=255).collect()
        };
        for p in positions(len) {
            for &b in &values {
                let mut v = filler.clone();
                v[p] = b;
                let got = in_sets(&v, sets);
                if !VECTOR || len > 16 {
                    assert!(got.is_none(), "len {len}");
                    continue;
                }
                let (text, masks) = got.unwrap();
                for (k, &byte) in v.iter().enumerate() {
                    assert_eq!((text >> (8 * k)) as u8, byte, "len {len} at {k}");
                    for (s, m) in sets.iter().zip(masks) {
                        assert_eq!(
                            m >> k & 1 != 0,
                            s.contains(byte),
                            "{byte:#x} at {k}, len {len}"
                        );
                    }
                }
                assert_eq!(
                    text.checked_shr(8 * len as u32).unwrap_or(0),
                    0,
                    "len {len}"
                );
                assert!(masks.iter().all(|m| m >> len == 0), "len {len}");
            }
        }
    }
}
