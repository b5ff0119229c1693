//! The suites: each case from the case file through url-core into fixed
//! buffers, judged as the web-platform-tests' harnesses judge it (and as the
//! native runners in `tests/tests/` do).

use crate::cases::{Corrupt, Reader};
use crate::measure::{self, Meter};
use core::fmt::{self, Write as _};
use cortex_m_semihosting::hprintln;
use url_core::{Buffer, ParseError, Parser, Setter, SliceStorage, Url};

/// Every buffer's capacity: more than any WPT case's href needs.
const CAP: usize = 4096;

/// The URL getters urltestdata compares, in the case file's order after
/// href.
const FIELDS: [&str; 9] = [
    "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash",
];

/// The buffers every case reuses: the caller's memory, as in firmware.
struct Buffers {
    url: [u8; CAP],
    base: [u8; CAP],
    text: [u8; CAP],
}

/// What one case gave.
enum Verdict {
    Pass,
    /// What differed.
    Fail(&'static str),
    /// url-core answered `IdnaUnavailable` (a build without `idna`).
    IdnaUnavailable,
}

/// One suite's counts and measurements.
struct Tally {
    name: &'static str,
    passed: u32,
    failed: u32,
    unavailable: u32,
    /// SysTick ticks spent inside the measured url-core calls.
    ticks: u64,
    calls: u32,
    /// The most stack a measured call used below its caller's frame;
    /// `None` once a call overflowed the painted window.
    peak_stack: Option<usize>,
}

impl Tally {
    fn new(name: &'static str) -> Tally {
        Tally {
            name,
            passed: 0,
            failed: 0,
            unavailable: 0,
            ticks: 0,
            calls: 0,
            peak_stack: Some(0),
        }
    }

    /// Runs `f` (one url-core call) and accounts its ticks and stack.
    #[inline(always)]
    fn measure<T>(&mut self, meter: &Meter, f: impl FnOnce() -> T) -> T {
        let painted = measure::paint_below(measure::stack_pointer());
        let start = meter.now();
        let out = f();
        self.ticks += u64::from(meter.since(start));
        self.calls += 1;
        self.peak_stack = self.peak_stack.zip(painted.peak()).map(|(a, b)| a.max(b));
        out
    }

    fn record(&mut self, index: u32, verdict: Verdict) {
        match verdict {
            Verdict::Pass => self.passed += 1,
            Verdict::Fail(what) => {
                self.failed += 1;
                hprintln!("FAIL {} {}: {}", self.name, index, what);
            }
            Verdict::IdnaUnavailable => {
                self.unavailable += 1;
                hprintln!("IDNA-UNAVAILABLE {} {}", self.name, index);
            }
        }
    }

    fn finish(&self) {
        if self.peak_stack.is_none() {
            hprintln!(
                "FAIL {}: a call used more stack than the painted window",
                self.name
            );
        }
        hprintln!(
            "{}: {} passed, {} failed, {} idna-unavailable; stack {}; ticks {} / {}",
            self.name,
            self.passed,
            self.failed,
            self.unavailable,
            self.peak_stack.unwrap_or(usize::MAX),
            self.ticks,
            self.calls
        );
    }
}

/// Runs every suite in the case file; whether every case passed or was
/// IdnaUnavailable (which `cargo xtask firmware` then judges).
pub fn run_all(file: &[u8], meter: &mut Meter) -> bool {
    let mut bufs = Buffers {
        url: [0; CAP],
        base: [0; CAP],
        text: [0; CAP],
    };
    match run_suites(file, meter, &mut bufs) {
        Ok(ok) => ok,
        Err(Corrupt) => {
            hprintln!("error: the case file is corrupt");
            false
        }
    }
}

fn run_suites(file: &[u8], meter: &Meter, bufs: &mut Buffers) -> Result<bool, Corrupt> {
    let mut r = Reader::new(file)?;
    let mut ok = true;
    loop {
        let tag = r.u8()?;
        let name = match tag {
            0 => return Ok(ok),
            b'U' => "urltestdata",
            b'S' => "setters_tests",
            b'A' => "toascii",
            b'I' => "IdnaTestV2",
            _ => return Err(Corrupt),
        };
        let count = r.u32()?;
        let mut tally = Tally::new(name);
        for index in 0..count {
            let verdict = match tag {
                b'U' => url_case(&mut r, bufs, meter, &mut tally)?,
                b'S' => setter_case(&mut r, bufs, meter, &mut tally)?,
                _ => host_case(&mut r, bufs, meter, &mut tally)?,
            };
            tally.record(index, verdict);
        }
        tally.finish();
        ok &= tally.failed == 0 && tally.peak_stack.is_some();
    }
}

/// A getter by its URL API name.
fn component<'u, S: Buffer>(url: &'u Url<S>, field: &str) -> Option<&'u str> {
    Some(match field {
        "href" => url.href(),
        "protocol" => url.protocol(),
        "username" => url.username(),
        "password" => url.password(),
        "host" => url.host(),
        "hostname" => url.hostname(),
        "port" => url.port_str(),
        "pathname" => url.pathname(),
        "search" => url.search(),
        "hash" => url.hash(),
        _ => return None,
    })
}

/// urltestdata: `new URL(input, base)`.
fn url_case(
    r: &mut Reader<'_>,
    bufs: &mut Buffers,
    meter: &Meter,
    t: &mut Tally,
) -> Result<Verdict, Corrupt> {
    let input = r.str()?;
    let base = r.opt_str()?;
    let href = r.opt_str()?;
    let mut want = [""; 9];
    for w in &mut want {
        *w = r.str()?;
    }
    let origin = r.opt_str()?;

    let base_url = match base {
        None => None,
        Some(b) => match Url::parse_into(b, SliceStorage::new(&mut bufs.base)) {
            Ok(u) => Some(u),
            Err(ParseError::IdnaUnavailable { .. }) => return Ok(Verdict::IdnaUnavailable),
            // The harness's `new URL(input, base)` throws on a bad base.
            Err(_) if href.is_none() => return Ok(Verdict::Pass),
            Err(_) => return Ok(Verdict::Fail("the base does not parse")),
        },
    };
    let mut parser = Parser::new().with_base(base_url.as_ref().map(|b| b.as_url_ref()));
    let result = t.measure(meter, || {
        parser.parse_into(input, SliceStorage::new(&mut bufs.url))
    });
    let (url, href) = match (result, href) {
        (Err(ParseError::IdnaUnavailable { .. }), _) => return Ok(Verdict::IdnaUnavailable),
        (Err(_), None) => return Ok(Verdict::Pass),
        (Ok(_), None) => return Ok(Verdict::Fail("parsed, but the case expects failure")),
        (Err(_), Some(_)) => return Ok(Verdict::Fail("failed, but the case expects a URL")),
        (Ok(url), Some(href)) => (url, href),
    };
    if url.href() != href {
        return Ok(Verdict::Fail("href"));
    }
    for (field, want) in FIELDS.iter().zip(want) {
        if component(&url, field) != Some(want) {
            return Ok(Verdict::Fail(field));
        }
    }
    if let Some(origin) = origin {
        let mut buf = [0u8; 512];
        let mut text = Text::new(&mut buf);
        if write!(text, "{}", url.origin()).is_err() || text.as_str() != Some(origin) {
            return Ok(Verdict::Fail("origin"));
        }
    }
    if url.check_invariants().is_err() {
        return Ok(Verdict::Fail("an invariant of the representation"));
    }
    Ok(Verdict::Pass)
}

/// setters_tests: parse `href`, run the setter, compare the expected getters.
fn setter_case(
    r: &mut Reader<'_>,
    bufs: &mut Buffers,
    meter: &Meter,
    t: &mut Tally,
) -> Result<Verdict, Corrupt> {
    let setter = r.str()?;
    let href = r.str()?;
    let value = r.str()?;
    let n = usize::from(r.u8()?);
    let mut expected = [("", ""); 12];
    for slot in expected.get_mut(..n).ok_or(Corrupt)? {
        *slot = (r.str()?, r.str()?);
    }

    let Some(setter) = Setter::from_name(setter) else {
        return Ok(Verdict::Fail("unknown setter"));
    };
    let mut url = match Url::parse_into(href, SliceStorage::new(&mut bufs.url)) {
        Ok(url) => url,
        Err(ParseError::IdnaUnavailable { .. }) => return Ok(Verdict::IdnaUnavailable),
        Err(_) => return Ok(Verdict::Fail("the href does not parse")),
    };
    match t.measure(meter, || url.set(setter, value)) {
        Ok(()) => {}
        // The standard ignores the value: the URL must be as it was, which
        // the case's expected getters say.
        Err(e) if e.is_ignored() => {}
        Err(e) if matches!(e.parse_error(), Some(ParseError::IdnaUnavailable { .. })) => {
            return Ok(Verdict::IdnaUnavailable)
        }
        Err(_) => return Ok(Verdict::Fail("the setter failed")),
    }
    for (field, want) in expected.iter().take(n) {
        match component(&url, field) {
            Some(got) if got == *want => {}
            Some(_) => return Ok(Verdict::Fail("a getter differs after the setter")),
            None => return Ok(Verdict::Fail("unknown getter")),
        }
    }
    if url.check_invariants().is_err() {
        return Ok(Verdict::Fail("an invariant of the representation"));
    }
    Ok(Verdict::Pass)
}

/// toascii and IdnaTestV2: `new URL("https://" + input + "/x")`, with the
/// code points that would end the host percent-encoded (WPT's
/// `encodeHostEndingCodePoints`), must give `output` as host and hostname.
fn host_case(
    r: &mut Reader<'_>,
    bufs: &mut Buffers,
    meter: &Meter,
    t: &mut Tally,
) -> Result<Verdict, Corrupt> {
    let input = r.str()?;
    let output = r.opt_str()?;

    let mut text = Text::new(&mut bufs.text);
    let mut ok = text.write_str("https://").is_ok();
    for c in input.chars() {
        ok &= match c {
            ':' => text.write_str("%3A"),
            '/' => text.write_str("%2F"),
            '?' => text.write_str("%3F"),
            '#' => text.write_str("%23"),
            '\\' => text.write_str("%5C"),
            c => text.write_char(c),
        }
        .is_ok();
    }
    ok &= text.write_str("/x").is_ok();
    let Some(href) = text.as_str().filter(|_| ok) else {
        return Ok(Verdict::Fail("the input does not fit the text buffer"));
    };
    let result = t.measure(meter, || {
        Url::parse_into(href, SliceStorage::new(&mut bufs.url))
    });
    let (url, output) = match (result, output) {
        (Err(ParseError::IdnaUnavailable { .. }), _) => return Ok(Verdict::IdnaUnavailable),
        (Err(_), None) => return Ok(Verdict::Pass),
        (Ok(_), None) => return Ok(Verdict::Fail("parsed, but the case expects failure")),
        (Err(_), Some(_)) => return Ok(Verdict::Fail("failed, but the case expects a host")),
        (Ok(url), Some(o)) => (url, o),
    };
    let href_ok = url
        .href()
        .strip_prefix("https://")
        .and_then(|rest| rest.strip_suffix("/x"))
        == Some(output);
    if url.host() == output && url.hostname() == output && url.pathname() == "/x" && href_ok {
        Ok(Verdict::Pass)
    } else {
        Ok(Verdict::Fail("host"))
    }
}

/// Text written into a caller's buffer.
struct Text<'b> {
    buf: &'b mut [u8],
    len: usize,
}

impl<'b> Text<'b> {
    fn new(buf: &'b mut [u8]) -> Text<'b> {
        Text { buf, len: 0 }
    }

    fn as_str(&self) -> Option<&str> {
        core::str::from_utf8(self.buf.get(..self.len)?).ok()
    }
}

impl fmt::Write for Text<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let dst = self.buf.get_mut(self.len..end).ok_or(fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
