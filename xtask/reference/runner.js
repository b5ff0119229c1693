"use strict";
// `cargo xtask reference`'s side of the comparison: the URL Standard's
// reference implementation (whatwg-url, pinned by package-lock.json) answers
// one JSON line per input line on stdin, in the format of
// tests/examples/reference_runner.rs, which answers for weburl:
//
//   {"op":"parse","input":I,"base":B|null}
//   {"op":"set","href":H,"setter":S,"value":V}
//
// -> {"failure":true} when new URL(I, B) or new URL(H) throws, otherwise the
// URL's eleven attributes in a fixed order, then (set only) "threw": whether
// the setter threw (only href's can), then "searchParams": the entries of
// url.searchParams and "params": its serialization.
//
// The node_modules directory is the first argument (xtask installs it under
// target/, never in the source tree).

const path = require("path");
const { URL } = require(path.resolve(process.argv[2], "whatwg-url"));

const ATTRIBUTES = [
  "href", "origin", "protocol", "username", "password", "host", "hostname",
  "port", "pathname", "search", "hash",
];
const SETTERS = new Set([
  "href", "protocol", "username", "password", "host", "hostname", "port",
  "pathname", "search", "hash",
]);

function describe(url, threw) {
  const out = {};
  for (const a of ATTRIBUTES) {
    out[a] = url[a];
  }
  if (threw !== undefined) {
    out.threw = threw;
  }
  out.searchParams = [...url.searchParams];
  out.params = url.searchParams.toString();
  return out;
}

function answer(line) {
  const c = JSON.parse(line);
  if (c.op === "parse") {
    let url;
    try {
      url = c.base === null ? new URL(c.input) : new URL(c.input, c.base);
    } catch {
      return { failure: true };
    }
    return describe(url);
  }
  if (c.op === "set" && SETTERS.has(c.setter)) {
    let url;
    try {
      url = new URL(c.href);
    } catch {
      return { failure: true };
    }
    // Touch searchParams first, so that the setter has a live list to
    // update (the case the URL Standard's search setter is about).
    void url.searchParams;
    let threw = false;
    try {
      url[c.setter] = c.value;
    } catch {
      threw = true;
    }
    return describe(url, threw);
  }
  throw new Error(`unknown operation: ${line}`);
}

let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (data) => {
  const lines = (pending + data).split("\n");
  pending = lines.pop();
  const out = lines.map((l) => JSON.stringify(answer(l))).join("\n");
  if (lines.length > 0 && !process.stdout.write(out + "\n")) {
    process.stdin.pause();
    process.stdout.once("drain", () => process.stdin.resume());
  }
});
process.stdin.on("end", () => {
  if (pending !== "") {
    process.stdout.write(JSON.stringify(answer(pending)) + "\n");
  }
});
