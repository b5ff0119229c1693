// weburl-bench's reference column: Ada called through its C++ API
// (ada::parse<ada::url_aggregator>, ada::can_parse, ada::url_search_params,
// the url_aggregator setters), as a C++ program would call it.
//
// Each function runs a whole pass over a set of inputs, so the Rust side
// crosses the FFI boundary once per pass, not once per URL. Inputs arrive as
// parallel arrays of pointers and lengths (UTF-8, not NUL-terminated). Every
// function returns tallies (successes, href bytes, ...) that the Rust side
// compares with the other implementations' tallies, so no pass can skip work.
//
// Each pass does what the Rust passes of weburl-bench (bench/src/work.rs)
// do, one for one.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ada.h"

namespace {

std::string_view input_at(const char* const* ptrs, const size_t* lens,
                          size_t i) {
  return std::string_view(ptrs[i], lens[i]);
}

}  // namespace

// A set of parsed URLs that the setters pass rewrites in place.
struct weburl_ada_urls {
  std::vector<ada::url_aggregator> urls;
};

extern "C" {

// Parses each of the n inputs. Returns how many parse; stores the sum of
// their href lengths in *href_bytes.
size_t weburl_ada_parse(const char* const* ptrs, const size_t* lens, size_t n,
                        size_t* href_bytes) noexcept {
  size_t ok = 0;
  size_t bytes = 0;
  for (size_t i = 0; i < n; i++) {
    auto url = ada::parse<ada::url_aggregator>(input_at(ptrs, lens, i));
    if (url) {
      ok++;
      bytes += url->get_href().size();
    }
  }
  *href_bytes = bytes;
  return ok;
}

// For each of the n_bases bases: parses it once, then parses its per_base
// inputs (inputs [b * per_base, (b + 1) * per_base)) against it. Returns how
// many inputs parse; stores the sum of their href lengths in *href_bytes.
size_t weburl_ada_parse_with_base(const char* const* base_ptrs,
                                  const size_t* base_lens, size_t n_bases,
                                  const char* const* ptrs, const size_t* lens,
                                  size_t per_base,
                                  size_t* href_bytes) noexcept {
  size_t ok = 0;
  size_t bytes = 0;
  for (size_t b = 0; b < n_bases; b++) {
    auto base =
        ada::parse<ada::url_aggregator>(input_at(base_ptrs, base_lens, b));
    if (!base) {
      continue;
    }
    const ada::url_aggregator* base_url = &*base;
    for (size_t i = b * per_base; i < (b + 1) * per_base; i++) {
      auto url = ada::parse<ada::url_aggregator>(input_at(ptrs, lens, i),
                                                 base_url);
      if (url) {
        ok++;
        bytes += url->get_href().size();
      }
    }
  }
  *href_bytes = bytes;
  return ok;
}

// How many of the n inputs ada::can_parse accepts.
size_t weburl_ada_can_parse(const char* const* ptrs, const size_t* lens,
                            size_t n) noexcept {
  size_t ok = 0;
  for (size_t i = 0; i < n; i++) {
    ok += ada::can_parse(input_at(ptrs, lens, i)) ? 1 : 0;
  }
  return ok;
}

// As weburl_ada_parse_with_base's layout, with ada::can_parse(input, &base):
// the base is a string, as in URL.canParse(url, base).
size_t weburl_ada_can_parse_with_base(const char* const* base_ptrs,
                                      const size_t* base_lens, size_t n_bases,
                                      const char* const* ptrs,
                                      const size_t* lens,
                                      size_t per_base) noexcept {
  size_t ok = 0;
  for (size_t b = 0; b < n_bases; b++) {
    const std::string_view base = input_at(base_ptrs, base_lens, b);
    for (size_t i = b * per_base; i < (b + 1) * per_base; i++) {
      ok += ada::can_parse(input_at(ptrs, lens, i), &base) ? 1 : 0;
    }
  }
  return ok;
}

// Parses each of the n queries as URLSearchParams. Returns the number of
// name-value pairs.
size_t weburl_ada_search_params(const char* const* ptrs, const size_t* lens,
                                size_t n) noexcept {
  size_t pairs = 0;
  for (size_t i = 0; i < n; i++) {
    ada::url_search_params params(input_at(ptrs, lens, i));
    pairs += params.size();
  }
  return pairs;
}

// Parses each of the n queries, sorts the pairs and serializes them.
// Returns the sum of the serializations' lengths.
size_t weburl_ada_search_params_sorted(const char* const* ptrs,
                                       const size_t* lens, size_t n) noexcept {
  size_t bytes = 0;
  for (size_t i = 0; i < n; i++) {
    ada::url_search_params params(input_at(ptrs, lens, i));
    params.sort();
    bytes += params.to_string().size();
  }
  return bytes;
}

// Parses the n inputs and keeps those that parse, for the setters pass.
// Free with weburl_ada_urls_free.
weburl_ada_urls* weburl_ada_urls_new(const char* const* ptrs,
                                     const size_t* lens, size_t n) noexcept {
  auto* set = new weburl_ada_urls;
  set->urls.reserve(n);
  for (size_t i = 0; i < n; i++) {
    auto url = ada::parse<ada::url_aggregator>(input_at(ptrs, lens, i));
    if (url) {
      set->urls.push_back(std::move(*url));
    }
  }
  return set;
}

size_t weburl_ada_urls_len(const weburl_ada_urls* set) noexcept {
  return set->urls.size();
}

// The setters pass: pathname, search, hash, then host on every URL of the
// set, in place, with the values of set `alt` (0 or 1; the same values as
// SETTER_VALUES in src/work.rs). Returns the sum of the resulting href
// lengths.
size_t weburl_ada_urls_set(weburl_ada_urls* set, int alt) noexcept {
  static const char* const values[2][4] = {
      {"/a/b c", "?q=1", "#h", "example.org"},
      {"/docs/x y/z", "?page=2&lang=en", "#section-2", "www.example.net"},
  };
  const char* const* v = values[alt != 0];
  size_t bytes = 0;
  for (ada::url_aggregator& url : set->urls) {
    (void)url.set_pathname(v[0]);
    url.set_search(v[1]);
    url.set_hash(v[2]);
    (void)url.set_host(v[3]);
    bytes += url.get_href().size();
  }
  return bytes;
}

void weburl_ada_urls_free(weburl_ada_urls* set) noexcept { delete set; }

// The href of one input (against base when base is not null), for
// diagnosing disagreements. Returns SIZE_MAX when it does not parse;
// otherwise the href's length, having copied min(length, cap) bytes to out.
size_t weburl_ada_href(const char* input, size_t input_len, const char* base,
                       size_t base_len, char* out, size_t cap) noexcept {
  ada::result<ada::url_aggregator> url;
  if (base == nullptr) {
    url = ada::parse<ada::url_aggregator>(std::string_view(input, input_len));
  } else {
    auto base_url =
        ada::parse<ada::url_aggregator>(std::string_view(base, base_len));
    if (!base_url) {
      return SIZE_MAX;
    }
    url = ada::parse<ada::url_aggregator>(std::string_view(input, input_len),
                                          &*base_url);
  }
  if (!url) {
    return SIZE_MAX;
  }
  const std::string_view href = url->get_href();
  std::memcpy(out, href.data(), href.size() < cap ? href.size() : cap);
  return href.size();
}

}  // extern "C"
