//! `cargo xtask firmware`: the web-platform-tests executed on an emulated
//! Cortex-M4F (QEMU's `mps2-an386`), with no allocator.
//!
//! 1. Encodes urltestdata, setters_tests, toascii and IdnaTestV2.json from
//!    `data/wpt` into `target/firmware/cases.bin` (the format is documented
//!    in `crates/firmware-test/src/cases.rs`).
//! 2. Builds `crates/firmware-test` for `thumbv7em-none-eabihf` with and
//!    without the `idna` feature, embedding that file, and runs each under
//!    `qemu-system-arm -icount shift=0` (semihosting for output and exit).
//!    With `idna` every case must pass. Without it every case must pass or
//!    answer `IdnaUnavailable`, and only a case whose strings hold non-ASCII
//!    text (after percent-decoding) may answer that; those are listed in
//!    `target/firmware/idna-unavailable.txt`.
//! 3. Builds weburl-c's staticlib for the same target and the C test program
//!    `crates/weburl-c/tests/c/weburl_test.c` with `arm-none-eabi-gcc`
//!    (newlib, semihosting through librdimon, the startup code and linker
//!    script in `crates/firmware-test/c/`), and runs it the same way.
//!
//! Needs `qemu-system-arm`, `arm-none-eabi-gcc` and newlib (Debian:
//! `qemu-system-arm gcc-arm-none-eabi libnewlib-arm-none-eabi`) and the
//! `thumbv7em-none-eabihf` rust-std.

use crate::check_nostd::{cargo, target_base};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../../tests/src/usv.rs"]
mod usv;

#[path = "../../crates/weburl-c/tests/c/wpt_cases.rs"]
mod c_cases;

const ARM: &str = "thumbv7em-none-eabihf";
const MACHINE: &str = "mps2-an386";

/// A run that takes longer has hung.
const QEMU_TIMEOUT: Duration = Duration::from_secs(600);

/// One case, as the report names it.
struct Case {
    label: String,
    /// Whether a build without IDNA may answer `IdnaUnavailable`.
    may_need_idna: bool,
}

/// One suite of the case file.
struct Suite {
    name: &'static str,
    cases: Vec<Case>,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut self_test = false;
    for a in args {
        match a.as_str() {
            "--self-test" => self_test = true,
            _ => return Err(format!("unknown argument {a:?} (expected --self-test)")),
        }
    }
    let root = crate::workspace_root();
    let base = target_base(&root).join("firmware");
    std::fs::create_dir_all(&base).map_err(|e| format!("{}: {e}", base.display()))?;

    let (file, suites) = encode(&root, false)?;
    let cases_path = base.join("cases.bin");
    write_if_changed(&cases_path, &file)?;
    let total: usize = suites.iter().map(|s| s.cases.len()).sum();
    println!(
        "cases: {total} in {} suites, {} bytes embedded ({})",
        suites.len(),
        file.len(),
        cases_path.display()
    );

    let mut failures = Vec::new();
    let mut unavailable = String::new();
    for idna in [true, false] {
        let label = if idna { "with idna" } else { "without idna" };
        println!("\n--- url-core on {MACHINE} (Cortex-M4F), {label}");
        let elf = build_firmware(&root, &base, &cases_path, idna)?;
        let text = std::fs::metadata(&elf).map(|m| m.len()).unwrap_or(0);
        let run = qemu(&elf)?;
        let report = judge(&run, &suites, idna, &mut unavailable);
        println!("firmware ELF {text} bytes (with debug info)");
        failures.extend(report.into_iter().map(|e| format!("{label}: {e}")));
    }
    let list = base.join("idna-unavailable.txt");
    std::fs::write(&list, &unavailable).map_err(|e| format!("{}: {e}", list.display()))?;
    println!(
        "cases answered IdnaUnavailable without idna: {}",
        list.display()
    );

    println!("\n--- weburl-c's C test program on {MACHINE}, arm-none-eabi-gcc + newlib");
    if let Err(e) = c_program(&root, &base) {
        failures.push(format!("C program: {e}"));
    }

    if self_test {
        println!("\n--- self-test: one urltestdata expectation altered must fail");
        match self_test_run(&root, &base) {
            Ok(()) => println!("self-test: the altered case, and only it, failed"),
            Err(e) => failures.push(format!("self-test: {e}")),
        }
    }

    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// The firmware with one urltestdata case's expected href altered must
/// report that case, and nothing else, as failed.
fn self_test_run(root: &Path, base: &Path) -> Result<(), String> {
    let (file, suites) = encode(root, true)?;
    let path = base.join("cases-self-test.bin");
    write_if_changed(&path, &file)?;
    let elf = build_firmware(root, base, &path, true)?;
    let run = qemu(&elf)?;
    let problems = judge(&run, &suites, true, &mut String::new());
    match &problems[..] {
        [only]
            if only.starts_with("urltestdata case ")
                && only.ends_with(": href")
                && !run.success =>
        {
            Ok(())
        }
        _ => Err(format!("expected one href failure, got: {problems:?}")),
    }
}

/// Whether `s`, percent-decoded, holds a non-ASCII byte: a host in it may
/// need IDNA.
fn non_ascii_decoded(s: &str) -> bool {
    let b = s.as_bytes();
    let hex = |c: u8| (c as char).to_digit(16);
    let mut i = 0;
    while i < b.len() {
        let byte = match (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                i += 3;
                (h * 16 + l) as u8
            }
            (c, _, _) => {
                i += 1;
                c
            }
        };
        if !byte.is_ascii() {
            return true;
        }
    }
    false
}

fn read_wpt(root: &Path, name: &str) -> Result<Vec<Value>, String> {
    let path = root.join("data/wpt").join(name);
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("{}: {e} (run `cargo xtask fetch-data`)", path.display()))?;
    let (text, _) = usv::replace_lone_surrogate_escapes(&text);
    let value: Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    match value {
        Value::Array(a) => Ok(a.into_iter().filter(Value::is_object).collect()),
        Value::Object(o) => Ok(vec![Value::Object(o)]),
        _ => Err(format!("{name}: neither an array nor an object")),
    }
}

/// The firmware's comparisons assume that every case passes on the host,
/// except the toascii and IdnaTestV2.json inputs `tests/expectations/idna.txt`
/// lists (cases whose expectations a newer Unicode changed): those are left
/// out of the case file, and returned as `(file, input)` pairs. An
/// expected-failure entry for urltestdata or setters would need skipping
/// here too, so it is an error.
fn expected_failures(root: &Path) -> Result<Vec<(String, String)>, String> {
    let mut skip = Vec::new();
    for file in ["urltestdata.txt", "setters.txt", "idna.txt"] {
        let path = root.join("tests/expectations").join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if file != "idna.txt" {
                return Err(format!(
                    "{} lists an expected failure ({line}); teach `xtask firmware` to skip it",
                    path.display()
                ));
            }
            let v: Value =
                serde_json::from_str(line).map_err(|e| format!("{}: {e}", path.display()))?;
            let (Some(name), Some(input)) = (v["file"].as_str(), v["input"].as_str()) else {
                return Err(format!("{}: no file or input in {line}", path.display()));
            };
            if ["IdnaTestV2.json", "toascii.json"].contains(&name) {
                skip.push((name.to_string(), input.to_string()));
            }
        }
    }
    Ok(skip)
}

/// The case file and what each case is, per suite. `sabotage` alters the
/// expected href of the first urltestdata case that expects a URL.
fn encode(root: &Path, mut sabotage: bool) -> Result<(Vec<u8>, Vec<Suite>), String> {
    let skip = expected_failures(root)?;
    let mut out = b"WBFW1\n".to_vec();
    let mut suites = Vec::new();

    // urltestdata.
    let cases = read_wpt(root, "urltestdata.json")?;
    let mut suite = Suite {
        name: "urltestdata",
        cases: Vec::new(),
    };
    let mut body = Vec::new();
    for c in &cases {
        let input = c["input"]
            .as_str()
            .ok_or("urltestdata: a case without input")?;
        let base = c["base"].as_str();
        let failure = c["failure"].as_bool() == Some(true);
        put(&mut body, Some(input))?;
        put(&mut body, base)?;
        let mut href = c["href"].as_str().filter(|_| !failure).map(str::to_string);
        if let Some(h) = href.as_mut().filter(|_| sabotage) {
            h.push('!');
            sabotage = false;
        }
        put(&mut body, href.as_deref())?;
        for field in [
            "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
            "hash",
        ] {
            put(&mut body, Some(c[field].as_str().unwrap_or_default()))?;
        }
        put(&mut body, if failure { None } else { c["origin"].as_str() })?;
        suite.cases.push(Case {
            label: format!("{input:?} (base {base:?})"),
            may_need_idna: non_ascii_decoded(input) || base.is_some_and(non_ascii_decoded),
        });
    }
    push_suite(&mut out, b'U', &suite, &body);
    suites.push(suite);

    // setters_tests: an object of arrays, one per setter.
    let data = read_wpt(root, "setters_tests.json")?;
    let mut suite = Suite {
        name: "setters_tests",
        cases: Vec::new(),
    };
    let mut body = Vec::new();
    let obj = data
        .first()
        .and_then(Value::as_object)
        .ok_or("setters_tests: not an object")?;
    for (setter, cases) in obj {
        let Some(cases) = cases.as_array() else {
            continue;
        };
        if setter == "comment" {
            continue;
        }
        for c in cases.iter().filter(|c| c.is_object()) {
            let href = c["href"].as_str().ok_or("setters: a case without href")?;
            let value = c["new_value"]
                .as_str()
                .ok_or("setters: a case without new_value")?;
            let expected = c["expected"].as_object().ok_or("setters: no expected")?;
            put(&mut body, Some(setter))?;
            put(&mut body, Some(href))?;
            put(&mut body, Some(value))?;
            body.push(u8::try_from(expected.len()).map_err(|_| "setters: too many fields")?);
            for (field, want) in expected {
                put(&mut body, Some(field))?;
                put(
                    &mut body,
                    Some(want.as_str().ok_or("setters: a non-string value")?),
                )?;
            }
            suite.cases.push(Case {
                label: format!("{setter} = {value:?} on {href:?}"),
                may_need_idna: non_ascii_decoded(href) || non_ascii_decoded(value),
            });
        }
    }
    push_suite(&mut out, b'S', &suite, &body);
    suites.push(suite);

    // toascii and IdnaTestV2 through the URL parser, as their WPT harnesses.
    for (tag, file, name) in [
        (b'A', "toascii.json", "toascii"),
        (b'I', "IdnaTestV2.json", "IdnaTestV2"),
    ] {
        let mut suite = Suite {
            name,
            cases: Vec::new(),
        };
        let mut body = Vec::new();
        for c in read_wpt(root, file)? {
            let input = c["input"].as_str().ok_or("a host case without input")?;
            if input.is_empty() {
                // As the WPT harness: "https:///x" does not test the empty host.
                continue;
            }
            if skip.iter().any(|(f, i)| f == file && i == input) {
                continue;
            }
            put(&mut body, Some(input))?;
            put(&mut body, c["output"].as_str())?;
            suite.cases.push(Case {
                label: format!("{input:?}"),
                may_need_idna: non_ascii_decoded(input),
            });
        }
        push_suite(&mut out, tag, &suite, &body);
        suites.push(suite);
    }
    out.push(0);
    Ok((out, suites))
}

/// A string: `u16` length (`0xFFFF`: absent) and its bytes.
fn put(out: &mut Vec<u8>, s: Option<&str>) -> Result<(), String> {
    match s {
        None => out.extend_from_slice(&u16::MAX.to_le_bytes()),
        Some(s) => {
            let len = u16::try_from(s.len())
                .ok()
                .filter(|&n| n != u16::MAX)
                .ok_or_else(|| format!("a string of {} bytes is too long", s.len()))?;
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(s.as_bytes());
        }
    }
    Ok(())
}

fn push_suite(out: &mut Vec<u8>, tag: u8, suite: &Suite, body: &[u8]) {
    out.push(tag);
    out.extend_from_slice(&(suite.cases.len() as u32).to_le_bytes());
    out.extend_from_slice(body);
}

fn write_if_changed(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if std::fs::read(path).ok().as_deref() == Some(bytes) {
        return Ok(());
    }
    std::fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Builds the firmware; returns its ELF.
fn build_firmware(root: &Path, base: &Path, cases: &Path, idna: bool) -> Result<PathBuf, String> {
    let target_dir = base.join("target");
    let mut cmd = Command::new(cargo());
    cmd.args(["build", "--quiet", "--release", "--target", ARM])
        .arg("--manifest-path")
        .arg(root.join("crates/firmware-test/Cargo.toml"))
        .arg("--target-dir")
        .arg(&target_dir)
        .env("WEBURL_FIRMWARE_CASES", cases)
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS");
    if !idna {
        cmd.arg("--no-default-features");
    }
    let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("the firmware does not build ({status})"));
    }
    Ok(target_dir.join(ARM).join("release/firmware-test"))
}

/// What a QEMU run printed, and whether it exited successfully.
struct Run {
    output: String,
    success: bool,
}

/// Runs an ELF on the emulated board, semihosting on, one virtual
/// nanosecond per instruction.
fn qemu(elf: &Path) -> Result<Run, String> {
    let mut child = Command::new("qemu-system-arm")
        .args([
            "-machine",
            MACHINE,
            "-cpu",
            "cortex-m4",
            "-nographic",
            "-monitor",
            "none",
        ])
        .args([
            "-serial",
            "none",
            "-semihosting-config",
            "enable=on,target=native",
        ])
        .args(["-icount", "shift=0,align=off,sleep=off", "-kernel"])
        .arg(elf)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!("cannot run qemu-system-arm ({e}): install Debian's qemu-system-arm")
        })?;
    // Drain the pipes on threads so that a chatty run cannot block.
    let mut stdout = child.stdout.take().ok_or("no stdout")?;
    let mut stderr = child.stderr.take().ok_or("no stderr")?;
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stdout, &mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut stderr, &mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(status);
        }
        if start.elapsed() > QEMU_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut output = out.join().unwrap_or_default();
    output.push_str(&err.join().unwrap_or_default());
    match status {
        Some(status) => Ok(Run {
            output,
            success: status.success(),
        }),
        None => Err(format!(
            "{} did not finish in {} s; it printed:\n{output}",
            elf.display(),
            QEMU_TIMEOUT.as_secs()
        )),
    }
}

/// One suite line of the firmware's output.
#[derive(Default)]
struct Line {
    passed: usize,
    failed: usize,
    unavailable: usize,
    stack: u64,
    ticks: u64,
    calls: u64,
}

/// `name: P passed, F failed, U idna-unavailable; stack S; ticks T / C`.
fn parse_line(rest: &str) -> Option<Line> {
    let nums: Vec<u64> = rest
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok())
        .collect::<Option<_>>()?;
    match nums[..] {
        [p, f, u, s, t, c] => Some(Line {
            passed: p as usize,
            failed: f as usize,
            unavailable: u as usize,
            stack: s,
            ticks: t,
            calls: c,
        }),
        _ => None,
    }
}

/// Checks a run against the suites; prints the summary, returns problems.
fn judge(run: &Run, suites: &[Suite], idna: bool, unavailable: &mut String) -> Vec<String> {
    let mut problems = Vec::new();
    let mut seen = 0;
    // "calibration: I instructions in T ticks": SysTick under -icount.
    let calibration = run.output.lines().find_map(|l| {
        let (i, t) = l
            .strip_prefix("calibration: ")?
            .split_once(" instructions in ")?;
        let t: f64 = t.strip_suffix(" ticks")?.parse().ok()?;
        Some(i.parse::<f64>().ok()? / t)
    });
    let per_tick = calibration.unwrap_or(f64::NAN);
    match calibration {
        Some(c) => println!("instructions: SysTick under -icount, {c:.2} instructions per tick (calibrated on a loop of known length)"),
        None => problems.push("no calibration line".into()),
    }
    for suite in suites {
        let prefix = format!("{}: ", suite.name);
        let Some(line) = run
            .output
            .lines()
            .find_map(|l| l.strip_prefix(&prefix).and_then(parse_line))
        else {
            problems.push(format!("no result line for {}", suite.name));
            continue;
        };
        seen += 1;
        let n = suite.cases.len();
        let per_call = (line.ticks as f64 * per_tick / line.calls.max(1) as f64).round();
        println!(
            "{}: {} passed, {} failed{}; peak stack {} bytes; {} instructions per call",
            suite.name,
            line.passed,
            line.failed,
            if idna {
                String::new()
            } else {
                format!(", {} IdnaUnavailable (non-ASCII hosts)", line.unavailable)
            },
            line.stack,
            per_call
        );
        if line.passed + line.failed + line.unavailable != n {
            problems.push(format!(
                "{}: {n} cases sent, the counts add up to a different number",
                suite.name
            ));
        }
        let marker = |kind: &str| format!("{kind} {} ", suite.name);
        for l in run.output.lines() {
            let index = |kind: &str| {
                l.strip_prefix(&marker(kind))?
                    .split(':')
                    .next()?
                    .parse::<usize>()
                    .ok()
            };
            if let Some(i) = index("FAIL") {
                let what = l.split_once(": ").map_or("", |(_, w)| w);
                let label = suite.cases.get(i).map_or("?", |c| c.label.as_str());
                problems.push(format!("{} case {i}, {label}: {what}", suite.name));
            }
            if let Some(i) = index("IDNA-UNAVAILABLE") {
                let case = suite.cases.get(i);
                let label = case.map_or("?", |c| c.label.as_str());
                let _ = writeln!(unavailable, "{}\t{i}\t{label}", suite.name);
                if idna {
                    problems.push(format!(
                        "{} case {i}, {label}: IdnaUnavailable with idna",
                        suite.name
                    ));
                } else if !case.is_some_and(|c| c.may_need_idna) {
                    problems.push(format!(
                        "{} case {i}, {label}: IdnaUnavailable, but nothing in it is non-ASCII",
                        suite.name
                    ));
                }
            }
        }
    }
    if seen != suites.len() || !run.output.lines().any(|l| l == "done") {
        problems.push(format!(
            "the run did not finish; it printed:\n{}",
            run.output
        ));
    } else if !run.success && problems.is_empty() {
        problems.push("the firmware exited with a failure".into());
    }
    problems
}

/// weburl_test.c on the board, linked with weburl-c's thumbv7em staticlib.
fn c_program(root: &Path, base: &Path) -> Result<(), String> {
    let dir = base.join("c");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    write_if_changed(
        &dir.join("wpt_cases.h"),
        c_cases::wpt_cases(root).as_bytes(),
    )?;
    let lib = crate::check_nostd::build_weburl_c(root, &base.join("target-weburl-c"))?;
    let c = root.join("crates/firmware-test/c");
    let elf = dir.join("weburl_test.elf");
    let out = Command::new("arm-none-eabi-gcc")
        .args(["-mcpu=cortex-m4", "-mthumb", "-mfloat-abi=hard", "-mfpu=fpv4-sp-d16"])
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-O1"])
        .args(["-ffunction-sections", "-fdata-sections", "-nostartfiles"])
        .arg("-I")
        .arg(root.join("crates/weburl-c/include"))
        .arg("-I")
        .arg(&dir)
        .arg(root.join("crates/weburl-c/tests/c/weburl_test.c"))
        .arg(c.join("startup.c"))
        .arg("-T")
        .arg(c.join("mps2-an386.ld"))
        .args(["--specs=rdimon.specs", "-Wl,--gc-sections"])
        .arg(&lib)
        .args(["-lc", "-lrdimon"])
        .arg("-o")
        .arg(&elf)
        .output()
        .map_err(|e| {
            format!("cannot run arm-none-eabi-gcc ({e}): install Debian's gcc-arm-none-eabi libnewlib-arm-none-eabi")
        })?;
    if !out.status.success() {
        return Err(format!(
            "arm-none-eabi-gcc failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let run = qemu(&elf)?;
    print!("{}", run.output);
    let summary = run.output.lines().find(|l| l.ends_with(" failures"));
    match summary.and_then(|l| l.split_once(" checks, ")) {
        Some((checks, "0 failures"))
            if run.success && checks.parse::<u32>().is_ok_and(|n| n > 0) =>
        {
            Ok(())
        }
        _ => Err(format!("the C test program failed:\n{}", run.output)),
    }
}
