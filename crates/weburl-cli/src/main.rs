//! `weburl`: parse URLs per the WHATWG URL Standard from the command line.
//!
//! `weburl parse --jsonl`, `weburl set --jsonl` and `weburl pattern --jsonl`
//! are the machine interfaces conformance tools rely on; their input and
//! output formats (described in `USAGE`) are kept stable.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

#[cfg(feature = "parquet")]
mod columns;
mod jsonl;
mod pattern;
mod route;

use jsonl::{jsonl_response, run_jsonl, set_jsonl_response, strict_jsonl_response};
use pattern::pattern_jsonl_response;
use serde_json::Value;
use weburl::{ParseError, Setter, Url, ValidationError};

const USAGE: &str = "\
weburl: parse URLs as the WHATWG URL Standard (and browsers) do

USAGE:
  weburl parse [--base URL] URL...
      Print each URL's components (href, origin, protocol, username,
      password, host, hostname, port, pathname, search, hash), one block per
      URL. Exit status 1 if any URL (or the base) fails to parse.

  weburl parse --strict [--base URL] URL...
      As parse, but strict: any URL for which the standard reports a
      validation error (one a browser would repair, e.g. http:127.0.0.1/
      or https://example.com\\@evil.com) fails, naming the first error,
      its byte offset and component on stderr. For security checks. The
      base, if given, is parsed as usual.

  weburl parse --jsonl
      Read JSON lines {\"input\": string, \"base\": string|null} from stdin
      (\"base\" may be omitted) and write exactly one JSON line per input line,
      in order:
        success:                {\"href\":…,\"origin\":…,\"protocol\":…,\"username\":…,
                                 \"password\":…,\"host\":…,\"hostname\":…,\"port\":…,
                                 \"pathname\":…,\"search\":…,\"hash\":…}
                                (all strings; origin \"null\" when opaque;
                                port \"\" when none)
        URL or base failure:    {\"failure\":true}
        unusable line:          {\"error\":\"…\"} (not JSON, not an object, no
                                string \"input\", or blank); processing continues
      Blank lines are NOT skipped: they get an {\"error\":…} line, so output line
      N always answers input line N. A trailing \"\\r\" is ignored. Lone
      surrogate escapes (\"\\ud800\") are read as U+FFFD, as a browser's
      USVString conversion does. Exit status 0 unless stdin/stdout fail.
      With --strict, inputs are parsed strictly and a failure line names
      its validation error:
        {\"failure\":true,\"validation_error\":…,\"position\":n,
         \"component\":…,\"strict_only\":bool}
      (\"strict_only\": true when only strict mode rejects the input).

  weburl set --jsonl
      Read JSON lines {\"href\": string, \"setter\": string, \"value\": string}
      from stdin, where \"setter\" is one of href, protocol, username,
      password, host, hostname, port, pathname, search, hash. Parse \"href\",
      run the URL API's setter with \"value\" (the URL API's semantics: a
      setter the standard ignores leaves the URL unchanged, as does a failed
      href setter), and write exactly one JSON line per input line, in order:
        success:                the URL's 11 components after the setter,
                                same keys and order as parse --jsonl
        \"href\" does not parse:  {\"failure\":true}
        unusable line:          {\"error\":\"…\"} (not JSON, not an object, a
                                missing or non-string field, an unknown
                                setter, or blank); processing continues
      Blank lines, \"\\r\", lone surrogates and the exit status are as for
      parse --jsonl.

  weburl pattern --jsonl
      URLPattern (the WHATWG URL Pattern Standard) in batch. Read JSON lines
      {\"pattern\": [constructor arguments], \"inputs\": [test/exec arguments]}
      from stdin, the arguments as in WPT's urlpatterntestdata.json: pattern
      [input], [input, baseURL], [input, options] or [input, baseURL,
      options], where input is a constructor string or a URLPatternInit
      object and options {\"ignoreCase\": bool}; inputs [], [input] or
      [input, baseURL]. Write exactly one JSON line per input line, in order:
        constructor throws:     {\"constructor_error\":true}
        test/exec throw:        {\"input_error\":true}
        otherwise:              {\"test\":bool,
                                 \"exec\":null|{\"inputs\":[…],
                                   \"protocol\":{\"input\":…,\"groups\":{…}},
                                   … \"hash\":{…}},
                                 \"components\":{\"protocol\":pattern string,
                                   … \"hash\":…},
                                 \"has_regexp_groups\":bool}
                                (a group that took no part in the match is
                                null; key order not significant)
        unusable line:          {\"error\":\"…\"} (not JSON, not an object,
                                \"pattern\" or \"inputs\" missing or not an
                                array, an argument that is not a string, an
                                object or null, a non-string member, or
                                blank); processing continues
      Blank lines, \"\\r\", lone surrogates and the exit status are as for
      parse --jsonl.

      With \"op\" (default \"match\", the line above), a line may instead
      ask for the two static/instance methods WPT tests beside it:
        {\"op\":\"compare\", \"component\": name, \"left\": [constructor
         arguments], \"right\": [constructor arguments]}
          -> {\"compare\":-1|0|1} (URLPattern.compareComponent: 1 when left
             is more specific)
        {\"op\":\"generate\", \"pattern\": [constructor arguments],
         \"component\": name, \"groups\": {name: string, …}}
          -> {\"generate\":string} (pattern.generate(component, groups))
      where name is protocol, username, password, hostname, port, pathname,
      search or hash. Either constructor throws: {\"constructor_error\":true};
      the method throws (another component name, a group missing, a part
      generate cannot fill): {\"input_error\":true}; an unusable line:
      {\"error\":\"…\"}.

  weburl route [--all] ROUTES_FILE
      A router: ROUTES_FILE holds one route a line, a JSON array of
      URLPattern constructor arguments as \"pattern\" above (blank lines and
      lines starting with # skipped; a line that does not construct is an
      error, exit status 1). Read JSON lines from stdin, each an input as
      test/exec take it: a URL string, a URLPatternInit object, or
      [input, baseURL string]. Write exactly one JSON line per input line:
        {\"route\":n|null, \"exec\":{\"protocol\":{\"input\":…,\"groups\":{…}},
         … \"hash\":{…}}}
      where n is the first route (0-based, in file order) whose pattern
      matches, exec its exec() result (absent without a match); with --all
      also \"routes\":[n, …], every matching route in order. A URL string
      without a base that does not parse matches nothing; test/exec throw:
      {\"input_error\":true}; an unusable line: {\"error\":\"…\"}. Blank lines,
      \"\\r\", lone surrogates and the exit status are as for parse --jsonl.

  weburl set URL SETTER VALUE
      Run one setter on URL and print the components as parse does. Exit
      status 1 if URL does not parse.

  weburl check [--base URL] [--json] URL
      List the validation errors the parser reports: the input, then one line
      per error with a caret under its position, its name and byte offset.
      Exit status 0 if there are none, 1 if there are any or the URL fails.
      With --json, print one JSON object instead:
        {\"input\":…, \"base\":string|null, \"href\":string|null,
         \"failure\":{\"type\":…,\"position\":n}|null,
         \"errors\":[{\"type\":…,\"position\":n,\"component\":…},…],
         \"valid\":bool}
      (key order not significant; \"valid\": a valid URL string per url.bs
      §4.3, i.e. no validation error and the URL-writing grammar holds;
      same exit status as without --json).

  weburl display [--base URL] [--max N] [--host-only] URL
      Print URL as shown to a person making a trust decision (url.bs §4.8):
      no credentials, Unicode host labels unless spoofable (mixed scripts,
      failing ToUnicode), safe percent-decoding, and with --max N elided to
      N characters while always showing the registrable domain. Exit status
      1 if URL does not parse.

  weburl columns [OPTIONS] INPUT OUTPUT
      Parse a column of URLs from a Parquet or CSV file (INPUT, by its
      extension .parquet/.pq or .csv, or --format) and write OUTPUT, a
      Parquet file with the column as it was and `parsed`, a struct of the
      URL API's getters (href, protocol, username, password, host, hostname,
      port, pathname, search, hash, origin; null for a null or invalid row).
      Batches are parsed on every core; a progress bar is drawn on stderr
      when it is a terminal, and a summary line ends the run. Options:
        --column NAME     the URL column (default url; a CSV file without a
                          header names its columns column_1, column_2, ...)
        --format F        parquet or csv
        --no-header       the CSV file has no header line
        --threads N       worker threads (default: one per core)
        --batch-rows N    rows per batch (default 8192)
        --strict          an invalid URL is an error (exit status 1)
        --quiet, -q       no progress bar, no summary
      Exit status 1 if a file cannot be read or written.
      Needs the non-default cargo feature `parquet` (Arrow and Parquet are
      large): cargo install --path crates/weburl-cli --features parquet, or
      cargo run -p weburl-cli --features parquet -- columns ...; without it
      the command says so and exits with status 2.

  weburl --help | -h
      This text.

--base URL may also be written --base=URL. Put -- before a URL that starts
with \"-\".

Other commands or options print this text on stderr and exit with status 2.
Any command whose stdout is closed early (`weburl … | head -c 1`) stops
quietly with status 141 (128 + SIGPIPE, as a shell reports for a filter
that signal ended).
";

/// Exit status for usage errors.
const USAGE_ERROR: u8 = 2;

/// Exit status when stdout closes early (`weburl … | head -c 1`): 128 +
/// SIGPIPE, what a shell reports for a program that signal ended, so
/// `set -o pipefail` scripts see what they would from any other filter.
const CLOSED_PIPE: u8 = 141;

/// Writes to stderr. A message that cannot be written (stderr closed too) is
/// dropped: there is nowhere left to report it, and panicking is no answer.
macro_rules! warn {
    ($($arg:tt)*) => {{
        let _ = writeln!(io::stderr(), $($arg)*);
    }};
}

fn main() -> ExitCode {
    // `env::args` would panic on an argument that is not UTF-8.
    let mut args = Vec::new();
    for (i, arg) in std::env::args_os().skip(1).enumerate() {
        match arg.into_string() {
            Ok(a) => args.push(a),
            Err(raw) => return usage_error(&format!("argument {} is not UTF-8: {raw:?}", i + 1)),
        }
    }
    // Every command writes its output with `?`, so any output failure ends
    // here, never in a panic.
    let mut out = io::stdout().lock();
    match run(&args, &mut out).and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(CLOSED_PIPE),
        Err(e) => {
            warn!("weburl: cannot write output: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String], out: &mut impl Write) -> io::Result<ExitCode> {
    match args.first().map(String::as_str) {
        Some("--help" | "-h" | "help") => {
            write!(out, "{USAGE}")?;
            Ok(ExitCode::SUCCESS)
        }
        Some("--version" | "-V") => {
            writeln!(out, "weburl {}", env!("CARGO_PKG_VERSION"))?;
            Ok(ExitCode::SUCCESS)
        }
        Some("parse") => cmd_parse(&args[1..], out),
        Some("set") => cmd_set(&args[1..], out),
        Some("check") => cmd_check(&args[1..], out),
        Some("display") => cmd_display(&args[1..], out),
        Some("pattern") => cmd_pattern(&args[1..], out),
        Some("route") => cmd_route(&args[1..], out),
        Some("columns") => cmd_columns(&args[1..], out),
        Some(other) => Ok(usage_error(&format!("unknown command {other:?}"))),
        None => Ok(usage_error("no command given")),
    }
}

fn usage_error(msg: &str) -> ExitCode {
    warn!("weburl: {msg}\n\n{USAGE}");
    ExitCode::from(USAGE_ERROR)
}

/// Options shared by `parse`, `check` and `display`.
#[derive(Default)]
struct Opts {
    base: Option<String>,
    jsonl: bool,
    strict: bool,
    json: bool,
    max: Option<usize>,
    host_only: bool,
    help: bool,
    urls: Vec<String>,
}

/// Which command-specific options a command accepts.
#[derive(Clone, Copy, Default)]
struct Allow {
    /// `--jsonl` and `--strict` (the parse command).
    jsonl: bool,
    json: bool,
    display: bool,
}

fn parse_opts(args: &[String], allow_jsonl: bool) -> Result<Opts, String> {
    parse_opts_with(
        args,
        Allow {
            jsonl: allow_jsonl,
            ..Allow::default()
        },
    )
}

fn parse_max(value: &str) -> Result<usize, String> {
    value
        .parse()
        .map_err(|_| format!("--max needs a number of characters, not {value:?}"))
}

fn parse_opts_with(args: &[String], allow: Allow) -> Result<Opts, String> {
    let mut opts = Opts::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--" => {
                opts.urls.extend(iter.by_ref().cloned());
                break;
            }
            "--help" | "-h" => opts.help = true,
            "--jsonl" if allow.jsonl => opts.jsonl = true,
            "--strict" if allow.jsonl => opts.strict = true,
            "--json" if allow.json => opts.json = true,
            "--host-only" if allow.display => opts.host_only = true,
            "--max" if allow.display => match iter.next() {
                Some(n) => opts.max = Some(parse_max(n)?),
                None => return Err("--max needs a number".into()),
            },
            s if allow.display && s.starts_with("--max=") => {
                opts.max = Some(parse_max(&s["--max=".len()..])?);
            }
            "--base" => match iter.next() {
                Some(b) if opts.base.is_none() => opts.base = Some(b.clone()),
                Some(_) => return Err("--base given twice".into()),
                None => return Err("--base needs a URL".into()),
            },
            s if s.starts_with("--base=") => {
                if opts.base.is_some() {
                    return Err("--base given twice".into());
                }
                opts.base = Some(s["--base=".len()..].to_string());
            }
            // A lone "-" or anything not starting with "-" is a URL; use "--"
            // before URLs that start with "-".
            s if s.starts_with('-') && s.len() > 1 => {
                return Err(format!("unknown option {s:?}"));
            }
            _ => opts.urls.push(arg.clone()),
        }
    }
    Ok(opts)
}

/// Parses the `--base` argument, reporting a failure on stderr.
/// The common start of `check` and `display`: options, `--help`, exactly
/// one URL (then `opts.urls[0]`) and the optional base. `Err` is the exit
/// code to return (help printed, or a usage or base error reported).
fn one_url_command(
    args: &[String],
    allow: Allow,
    name: &str,
    out: &mut impl Write,
) -> io::Result<Result<(Opts, Option<Url>), ExitCode>> {
    let opts = match parse_opts_with(args, allow) {
        Ok(o) => o,
        Err(e) => return Ok(Err(usage_error(&e))),
    };
    if opts.help {
        write!(out, "{USAGE}")?;
        return Ok(Err(ExitCode::SUCCESS));
    }
    if opts.urls.len() != 1 {
        return Ok(Err(usage_error(&format!("{name} needs exactly one URL"))));
    }
    Ok(parse_base(opts.base.as_deref()).map(|base| (opts, base)))
}

fn parse_base(base: Option<&str>) -> Result<Option<Url>, ExitCode> {
    match base {
        None => Ok(None),
        Some(b) => Url::parse(b).map(Some).map_err(|e| {
            warn!("weburl: invalid base URL {b:?}: {e}");
            ExitCode::FAILURE
        }),
    }
}

fn parse_against(input: &str, base: Option<&Url>, strict: bool) -> Result<Url, ParseError> {
    match (base, strict) {
        (Some(b), false) => Url::parse_with_base(input, b),
        (None, false) => Url::parse(input),
        (Some(b), true) => Url::parse_strict_with_base(input, b),
        (None, true) => Url::parse_strict(input),
    }
}

/// The lower-case name of the part of a URL a validation error is about.
fn component_name(error: ValidationError) -> String {
    format!("{:?}", error.component()).to_lowercase()
}

/// The components printed by `parse` and `parse --jsonl`, in output order.
/// `origin` is the serialized origin (the one component that is not a slice
/// of the href).
fn components<'a>(url: &'a Url, origin: &'a str) -> [(&'static str, &'a str); 11] {
    [
        ("href", url.href()),
        ("origin", origin),
        ("protocol", url.protocol()),
        ("username", url.username()),
        ("password", url.password()),
        ("host", url.host()),
        ("hostname", url.hostname()),
        ("port", url.port_str()),
        ("pathname", url.pathname()),
        ("search", url.search()),
        ("hash", url.hash()),
    ]
}

fn cmd_parse(args: &[String], out: &mut impl Write) -> io::Result<ExitCode> {
    let opts = match parse_opts(args, true) {
        Ok(o) => o,
        Err(e) => return Ok(usage_error(&e)),
    };
    if opts.help {
        write!(out, "{USAGE}")?;
        return Ok(ExitCode::SUCCESS);
    }
    if opts.jsonl {
        if opts.base.is_some() || !opts.urls.is_empty() {
            return Ok(usage_error(
                "--jsonl reads everything from stdin; give no --base or URLs",
            ));
        }
        let respond = if opts.strict {
            strict_jsonl_response
        } else {
            jsonl_response
        };
        run_jsonl(respond, out)?;
        return Ok(ExitCode::SUCCESS);
    }
    if opts.urls.is_empty() {
        return Ok(usage_error("parse needs at least one URL (or --jsonl)"));
    }
    let base = match parse_base(opts.base.as_deref()) {
        Ok(b) => b,
        Err(code) => return Ok(code),
    };
    let mut out = BufWriter::new(out);
    let mut failed = false;
    for (i, input) in opts.urls.iter().enumerate() {
        match parse_against(input, base.as_ref(), opts.strict) {
            Ok(url) => {
                if i > 0 {
                    writeln!(out)?;
                }
                write!(out, "{}", component_block(&url))?;
            }
            Err(e) => {
                failed = true;
                // Keep stdout and stderr in order when both go to a terminal.
                out.flush()?;
                warn!("weburl: cannot parse {input:?}: {e}");
            }
        }
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn cmd_set(args: &[String], out: &mut impl Write) -> io::Result<ExitCode> {
    let (mut jsonl, mut help, mut rest) = (false, false, Vec::new());
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--jsonl" => jsonl = true,
            "--help" | "-h" => help = true,
            "--" => {
                rest.extend(iter.by_ref().cloned());
                break;
            }
            s if s.starts_with('-') && s.len() > 1 && rest.len() != 2 => {
                // A value (third operand) may start with "-".
                return Ok(usage_error(&format!("unknown option {s:?}")));
            }
            _ => rest.push(arg.clone()),
        }
    }
    if help {
        write!(out, "{USAGE}")?;
        return Ok(ExitCode::SUCCESS);
    }
    if jsonl {
        if !rest.is_empty() {
            return Ok(usage_error(
                "set --jsonl reads everything from stdin; give no operands",
            ));
        }
        run_jsonl(set_jsonl_response, out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let [href, setter, value] = rest.as_slice() else {
        return Ok(usage_error("set needs URL SETTER VALUE (or --jsonl)"));
    };
    let Some(setter) = Setter::from_name(setter) else {
        return Ok(usage_error(&format!("unknown setter {setter:?}")));
    };
    let mut url = match Url::parse(href) {
        Ok(u) => u,
        Err(e) => {
            warn!("weburl: cannot parse {href:?}: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let outcome = url.set(setter, value);
    write!(out, "{}", component_block(&url))?;
    // Keep stdout and stderr in order when both go to a terminal.
    out.flush()?;
    if let Err(e) = outcome {
        // "the port setter did nothing: invalid port (...)", or why it failed.
        warn!("weburl: {e}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The aligned `name:  value` lines printed by `parse` and `set`.
fn component_block(url: &Url) -> String {
    let origin = url.origin().to_string();
    let mut block = String::new();
    for (name, value) in components(url, &origin) {
        // Values never end in spaces (URL serializations have none),
        // so trimming only drops the padding after an empty value.
        let line = format!("{:<10}{value}", format!("{name}:"));
        block.push_str(line.trim_end());
        block.push('\n');
    }
    block
}

fn cmd_check(args: &[String], out: &mut impl Write) -> io::Result<ExitCode> {
    let allow = Allow {
        json: true,
        ..Allow::default()
    };
    let (opts, base) = match one_url_command(args, allow, "check", out)? {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let input = &opts.urls[0];
    let (result, errors) = Url::parse_with_validation(input, base.as_ref());
    if opts.json {
        let valid = result.is_ok()
            && errors.is_empty()
            && url_core::writing::writing_rules_hold(
                input,
                base.as_ref().map(|b| b.as_url_core().as_url_ref()).as_ref(),
            );
        writeln!(
            out,
            "{}",
            check_json(input, opts.base.as_deref(), &result, &errors, valid)
        )?;
        return Ok(if result.is_ok() && errors.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        });
    }
    write!(out, "{}", render_check(input, &errors))?;
    Ok(match result {
        Ok(url) if errors.is_empty() => {
            writeln!(out, "no validation errors; href: {url}")?;
            ExitCode::SUCCESS
        }
        Ok(url) => {
            writeln!(out, "{} validation error(s); href: {url}", errors.len())?;
            ExitCode::FAILURE
        }
        Err(e) => {
            out.flush()?;
            warn!("weburl: cannot parse {input:?}: {e}");
            ExitCode::FAILURE
        }
    })
}

/// `check --json`: one JSON object (see `USAGE`).
fn check_json(
    input: &str,
    base: Option<&str>,
    result: &Result<Url, ParseError>,
    errors: &[(ValidationError, usize)],
    valid: bool,
) -> String {
    let list: Vec<Value> = errors
        .iter()
        .map(|&(e, pos)| {
            serde_json::json!({
                "type": e.name(),
                "position": pos,
                "component": component_name(e),
            })
        })
        .collect();
    let (href, failure) = match result {
        Ok(url) => (Value::from(url.href()), Value::Null),
        Err(ParseError::Invalid { error, position }) => (
            Value::Null,
            serde_json::json!({"type": error.name(), "position": position}),
        ),
        Err(e) => (
            Value::Null,
            serde_json::json!({"type": Value::Null, "message": e.to_string()}),
        ),
    };
    serde_json::json!({
        "input": input,
        "base": base,
        "href": href,
        "failure": failure,
        "errors": list,
        "valid": valid,
    })
    .to_string()
}

fn cmd_display(args: &[String], out: &mut impl Write) -> io::Result<ExitCode> {
    let allow = Allow {
        display: true,
        ..Allow::default()
    };
    let (opts, base) = match one_url_command(args, allow, "display", out)? {
        Ok(x) => x,
        Err(code) => return Ok(code),
    };
    let input = &opts.urls[0];
    let url = match parse_against(input, base.as_ref(), false) {
        Ok(u) => u,
        Err(e) => {
            warn!("weburl: cannot parse {input:?}: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let mut options = weburl::render::RenderOptions::default();
    options.max_width = opts.max;
    options.host_only = opts.host_only;
    writeln!(out, "{}", weburl::render::display_with(&url, &options))?;
    Ok(ExitCode::SUCCESS)
}

/// The input (control characters shown as visible symbols so columns line
/// up) followed by one caret line per error. Empty when there are no errors.
///
/// Columns count code points, which is exact for ASCII and for most scripts;
/// wide characters (CJK, emoji) shift the caret in a terminal.
fn render_check(input: &str, errors: &[(ValidationError, usize)]) -> String {
    if errors.is_empty() {
        return String::new();
    }
    let shown: String = input.chars().map(visible).collect();
    let mut s = format!("{shown}\n");
    for &(error, pos) in errors {
        let col = input
            .get(..floor_boundary(input, pos))
            .map_or(0, |p| p.chars().count());
        // Padding by repetition: a width argument (`{:col$}`) panics past
        // 65,535, and a URL can be longer than that.
        s.push_str(&" ".repeat(col));
        s.push_str(&format!("^ {} (byte {pos})\n", error.name()));
    }
    s
}

/// Control characters as Unicode "control pictures" (one column each).
fn visible(c: char) -> char {
    match c {
        '\0'..='\x1f' => char::from_u32(0x2400 + c as u32).unwrap_or('?'),
        '\x7f' => '\u{2421}',
        c => c,
    }
}

/// The largest char boundary of `s` at or below `pos` (clamped to `s.len()`).
fn floor_boundary(s: &str, pos: usize) -> usize {
    let mut p = pos.min(s.len());
    while !s.is_char_boundary(p) {
        p -= 1;
    }
    p
}

fn cmd_pattern(args: &[String], out: &mut impl Write) -> io::Result<ExitCode> {
    match args {
        [a] if a == "--jsonl" => {
            run_jsonl(pattern_jsonl_response, out)?;
            Ok(ExitCode::SUCCESS)
        }
        [a] if a == "--help" || a == "-h" => {
            write!(out, "{USAGE}")?;
            Ok(ExitCode::SUCCESS)
        }
        _ => Ok(usage_error("pattern takes --jsonl and reads stdin")),
    }
}

fn cmd_route(args: &[String], out: &mut impl Write) -> io::Result<ExitCode> {
    let (all, file) = match args {
        [a] if a == "--help" || a == "-h" => {
            write!(out, "{USAGE}")?;
            return Ok(ExitCode::SUCCESS);
        }
        [flag, file] if flag == "--all" => (true, file),
        [file] if !file.starts_with("--") => (false, file),
        _ => {
            return Ok(usage_error(
                "route takes [--all] ROUTES_FILE and reads stdin",
            ))
        }
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            warn!("weburl: cannot read {file}: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let list = match route::read_routes(&text) {
        Ok(l) => l,
        Err(e) => {
            warn!("weburl: {file}: {e}");
            return Ok(ExitCode::FAILURE);
        }
    };
    run_jsonl(|line| route::route_response(&list, all, line), out)?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(feature = "parquet")]
fn cmd_columns(args: &[String], out: &mut impl Write) -> io::Result<ExitCode> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        write!(out, "{USAGE}")?;
        return Ok(ExitCode::SUCCESS);
    }
    match columns::run(args, out) {
        Ok(result) => result,
        Err(msg) => Ok(usage_error(&msg)),
    }
}

#[cfg(not(feature = "parquet"))]
fn cmd_columns(_: &[String], _: &mut impl Write) -> io::Result<ExitCode> {
    warn!(
        "weburl: columns needs the cargo feature `parquet`: \
         cargo run -p weburl-cli --features parquet -- columns ..."
    );
    Ok(ExitCode::from(USAGE_ERROR))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caret_positions() {
        let out = render_check(
            "\thttps://\u{e9}x.org\\a",
            &[(ValidationError::InvalidReverseSolidus, 16)],
        );
        let want = format!(
            "\u{2409}https://\u{e9}x.org\\a\n{}^ invalid-reverse-solidus (byte 16)\n",
            " ".repeat(15)
        );
        assert_eq!(out, want);
        assert_eq!(floor_boundary("\u{e9}", 1), 0);
        assert_eq!(floor_boundary("ab", 9), 2);
    }
}
