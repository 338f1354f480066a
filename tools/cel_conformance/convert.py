#!/usr/bin/env python3
"""Converts the CEL specification's conformance tests (cel-spec tests/simple/testdata/*.textproto)
into podfit's test data: one JSON object per line, one line per test.

Usage: convert.py SPEC_TESTDATA_DIR OUT_DIR

Each line has: section, name, expr, and optionally container, decls ([name, type] with types
in CEL's notation: "map(string, dyn)"), bindings ([name, CEL literal]), disable_check,
check_only, and the expectation: value (a CEL literal of the expected result), type (the
checked result type), error (the specification's expected error message; any evaluation
error passes, as the specification's messages are not cel-go's), or skip (why the case is not
run). Standard library only.
"""
import json
import math
import re
import os
import sys

# Files run in full, and those skipped whole, with the reason.
FILES = [
    "basic", "bindings_ext", "comparisons", "conversions", "fields", "fp_math", "integer_math",
    "lists", "logic", "macros", "macros2", "namespace", "optionals", "parse", "plumbing",
    "string", "string_ext", "timestamps", "type_deduction", "dynamic", "enums", "proto2",
    "proto3", "wrappers", "proto2_ext", "block_ext", "encoders_ext", "math_ext", "network_ext",
]
# Markers of cases that need what the module deliberately leaves out.
SKIP_MARKERS = [
    (re.compile(r"TestAllTypes"), "protocol buffer messages are not supported"),
    (re.compile(r"google\.protobuf\.(?!Timestamp\b|Duration\b)"), "protocol buffer well-known types are not supported"),
]
# Single cases (section, name) where cel-go, as Kubernetes v1.37 pins it, differs from the specification.
SKIP_CASES = {
    ("value_errors", "indexof_out_of_range"): "cel-go v0.27 returns -1 for an offset past the end",
    ("value_errors", "lastindexof_out_of_range"): "cel-go v0.27 returns -1 for an offset past the end",
}
SKIP_FILES = {
    "proto2": "protocol buffer messages are not supported",
    "proto3": "protocol buffer messages are not supported",
    "proto2_ext": "protocol buffer messages are not supported",
    "enums": "protocol buffer enums are not supported",
    "wrappers": "protocol buffer wrapper types are not supported",
    "dynamic": "protocol buffer well-known types are not supported",
    "block_ext": "cel.block is not part of Kubernetes' CEL environment",
    "encoders_ext": "the encoders extension is not part of kube-scheduler's DRA CEL environment",
    "math_ext": "the math extension is not part of kube-scheduler's DRA CEL environment",
    "network_ext": "the network extension is not part of kube-scheduler's DRA CEL environment",
}


class ParseError(Exception):
    pass


def tokenize(text):
    toks = []
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
        elif c == "#":
            while i < n and text[i] != "\n":
                i += 1
        elif c in "{}:<>[],;":
            toks.append(("p", c))
            i += 1
        elif c in "\"'":
            # Adjacent quoted strings concatenate.
            buf = bytearray()
            while i < n and text[i] in "\"'":
                q = text[i]
                i += 1
                while text[i] != q:
                    if text[i] == "\\":
                        i += 1
                        e = text[i]
                        simple = {"n": 10, "t": 9, "r": 13, "a": 7, "b": 8, "f": 12, "v": 11,
                                  "\\": 92, "'": 39, '"': 34, "?": 63}
                        if e in simple:
                            buf.append(simple[e])
                            i += 1
                        elif e in "01234567":
                            j = i
                            while j < n and j < i + 3 and text[j] in "01234567":
                                j += 1
                            buf.append(int(text[i:j], 8) & 0xFF)
                            i = j
                        elif e in "xX":
                            j = i + 1
                            while j < n and j < i + 3 and text[j] in "0123456789abcdefABCDEF":
                                j += 1
                            buf.append(int(text[i + 1:j], 16))
                            i = j
                        elif e == "u":
                            buf += chr(int(text[i + 1:i + 5], 16)).encode("utf-8")
                            i += 5
                        elif e == "U":
                            buf += chr(int(text[i + 1:i + 9], 16)).encode("utf-8")
                            i += 9
                        else:
                            raise ParseError("bad escape \\" + e)
                    else:
                        buf += text[i].encode("utf-8")
                        i += 1
                i += 1
                while i < n and text[i] in " \t\r\n":
                    i += 1
            toks.append(("s", bytes(buf)))
        else:
            j = i
            while j < n and (text[j].isalnum() or text[j] in "_.-+/"):
                j += 1
            if j == i:
                raise ParseError("unexpected character %r" % c)
            toks.append(("w", text[i:j]))
            i = j
    return toks


def parse_message(toks, pos, close):
    """Returns (dict of field -> list of values, pos). Scalars are ('s', bytes) or ('w', text)."""
    msg = {}
    while pos < len(toks):
        t = toks[pos]
        if t == ("p", close):
            return msg, pos + 1
        if t == ("p", "[") and toks[pos + 2] == ("p", "]"):
            # An expanded Any: [type.googleapis.com/Name] { ... }
            name = "[" + toks[pos + 1][1] + "]"
            pos += 3
        elif t[0] != "w":
            raise ParseError("expected a field name, got %r" % (t,))
        else:
            name = t[1]
            pos += 1
        if toks[pos] == ("p", ":"):
            pos += 1
        t = toks[pos]
        if t in (("p", "{"), ("p", "<")):
            sub, pos = parse_message(toks, pos + 1, "}" if t[1] == "{" else ">")
            val = sub
        elif t == ("p", "["):
            pos += 1
            vals = []
            while toks[pos] != ("p", "]"):
                if toks[pos] in (("p", "{"), ("p", "<")):
                    sub, pos = parse_message(toks, pos + 1, "}" if toks[pos][1] == "{" else ">")
                    vals.append(sub)
                else:
                    vals.append(toks[pos])
                    pos += 1
                if toks[pos] == ("p", ","):
                    pos += 1
            pos += 1
            msg.setdefault(name, []).extend(vals)
            continue
        else:
            val = t
            pos += 1
        msg.setdefault(name, []).append(val)
        if pos < len(toks) and toks[pos] in (("p", ","), ("p", ";")):
            pos += 1
    if close is None:
        return msg, pos
    raise ParseError("unterminated message")


def one(msg, field, default=None):
    v = msg.get(field)
    return v[0] if v else default


def text_of(tok):
    if tok[0] == "s":
        return tok[1].decode("utf-8")
    return tok[1]


class Unsupported(Exception):
    pass


def cel_string(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif o < 0x20 or o == 0x7F:
            out.append("\\x%02x" % o)
        elif 0xD800 <= o < 0xE000:
            raise Unsupported("surrogate in string")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def cel_bytes(b):
    return 'b"' + "".join("\\x%02x" % x for x in b) + '"'


def cel_double(text):
    t = text.lower()
    if t in ("inf", "infinity", "+inf"):
        return 'double("Infinity")'
    if t in ("-inf", "-infinity"):
        return 'double("-Infinity")'
    if t == "nan":
        return 'double("NaN")'
    d = float(text)
    if math.isinf(d):
        return 'double("Infinity")' if d > 0 else 'double("-Infinity")'
    r = repr(d)
    if "e" in r and "." not in r.split("e")[0]:
        mant, exp = r.split("e")
        r = mant + ".0e" + exp
    return r


def cel_value(v):
    """A CEL literal for a conformance Value message."""
    if "int64_value" in v:
        return text_of(one(v, "int64_value"))
    if "uint64_value" in v:
        return text_of(one(v, "uint64_value")) + "u"
    if "double_value" in v:
        return cel_double(text_of(one(v, "double_value")))
    if "string_value" in v:
        tok = one(v, "string_value")
        return cel_string(tok[1].decode("utf-8") if tok[0] == "s" else tok[1])
    if "bytes_value" in v:
        tok = one(v, "bytes_value")
        return cel_bytes(tok[1] if tok[0] == "s" else tok[1].encode())
    if "bool_value" in v:
        return text_of(one(v, "bool_value"))
    if "null_value" in v:
        return "null"
    if "list_value" in v:
        lv = one(v, "list_value")
        return "[" + ", ".join(cel_value(x) for x in lv.get("values", [])) + "]"
    if "map_value" in v:
        mv = one(v, "map_value")
        return "{" + ", ".join(cel_value(one(e, "key")) + ": " + cel_value(one(e, "value"))
                               for e in mv.get("entries", [])) + "}"
    if "type_value" in v:
        name = text_of(one(v, "type_value"))
        if name in ("int", "uint", "double", "bool", "string", "bytes", "list", "map", "null_type",
                    "type", "optional_type", "google.protobuf.Timestamp", "google.protobuf.Duration"):
            return name
        raise Unsupported("type value " + name)
    if "object_value" in v:
        raise Unsupported("protocol buffer message value")
    if "enum_value" in v:
        raise Unsupported("enum value")
    raise Unsupported("value kind " + ",".join(v.keys()))


PRIMITIVES = {"INT64": "int", "UINT64": "uint", "DOUBLE": "double", "STRING": "string",
              "BOOL": "bool", "BYTES": "bytes"}


def cel_type(t):
    if "primitive" in t:
        return PRIMITIVES[text_of(one(t, "primitive"))]
    if "list_type" in t:
        return "list(" + cel_type(one(one(t, "list_type"), "elem_type")) + ")"
    if "map_type" in t:
        m = one(t, "map_type")
        return "map(" + cel_type(one(m, "key_type")) + ", " + cel_type(one(m, "value_type")) + ")"
    if "dyn" in t:
        return "dyn"
    if "null" in t:
        return "null_type"
    if "type" in t:
        inner = one(t, "type")
        return "type(" + cel_type(inner) + ")" if inner else "type"
    if "abstract_type" in t:
        a = one(t, "abstract_type")
        name = text_of(one(a, "name"))
        ps = [cel_type(p) for p in a.get("parameter_types", [])]
        if name == "optional_type":
            return "optional_type(" + ", ".join(ps) + ")"
        raise Unsupported("abstract type " + name)
    if "type_param" in t:
        return "dyn"
    if "message_type" in t:
        raise Unsupported("message type " + text_of(one(t, "message_type")))
    if "well_known" in t:
        wk = text_of(one(t, "well_known"))
        if wk in ("TIMESTAMP", "DURATION"):
            return "google.protobuf." + wk.capitalize()
        raise Unsupported("well-known type " + wk)
    if "wrapper" in t:
        raise Unsupported("wrapper type")
    raise Unsupported("type kind " + ",".join(t.keys()))


def convert_test(section, test, file_skip):
    case = {"section": section, "name": text_of(one(test, "name")), "expr": text_of(one(test, "expr"))}
    if file_skip:
        case["skip"] = file_skip
        return case
    if (section, case["name"]) in SKIP_CASES:
        case["skip"] = SKIP_CASES[(section, case["name"])]
        return case
    container = text_of(one(test, "container", ("w", "")))
    if "conformance.proto" in container:
        case["skip"] = "protocol buffer messages are not supported"
        return case
    for marker, why in SKIP_MARKERS:
        if marker.search(case["expr"]):
            case["skip"] = why
            return case
    try:
        if "container" in test:
            case["container"] = text_of(one(test, "container"))
        if one(test, "disable_check", ("w", "false"))[1] == "true":
            case["disable_check"] = True
        if one(test, "check_only", ("w", "false"))[1] == "true":
            case["check_only"] = True
        decls = []
        for d in test.get("type_env", []):
            name = text_of(one(d, "name"))
            if "function" in d:
                raise Unsupported("function declarations in the test environment")
            ident = one(d, "ident")
            decls.append([name, cel_type(one(ident, "type"))])
        if decls:
            case["decls"] = decls
        bindings = []
        for b in test.get("bindings", []):
            ev = one(b, "value")
            if "value" not in ev:
                raise Unsupported("binding without a value")
            bindings.append([text_of(one(b, "key")), cel_value(one(ev, "value"))])
        if bindings:
            case["bindings"] = bindings
        if "value" in test:
            case["value"] = cel_value(one(test, "value"))
        elif "typed_result" in test:
            tr = one(test, "typed_result")
            if "result" in tr:
                case["value"] = cel_value(one(tr, "result"))
            if "deduced_type" in tr:
                case["type"] = cel_type(one(tr, "deduced_type"))
        elif "eval_error" in test:
            errs = one(test, "eval_error").get("errors", [])
            case["error"] = text_of(one(errs[0], "message")) if errs else ""
        elif "any_eval_errors" in test:
            case["error"] = ""
        elif "unknown" in test or "any_unknowns" in test:
            raise Unsupported("unknown values")
        elif case.get("check_only"):
            pass
        else:
            case["value"] = "true"
    except Unsupported as e:
        case = {"section": case["section"], "name": case["name"], "expr": case["expr"], "skip": str(e)}
    return case


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    for f in FILES:
        with open(os.path.join(src, f + ".textproto"), encoding="utf-8") as fh:
            msg, _ = parse_message(tokenize(fh.read()), 0, None)
        lines = []
        for sec in msg.get("section", []):
            sname = text_of(one(sec, "name"))
            for test in sec.get("test", []):
                lines.append(json.dumps(convert_test(sname, test, SKIP_FILES.get(f)), ensure_ascii=False))
        with open(os.path.join(out, f + ".jsonl"), "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
        print("%s: %d cases" % (f, len(lines)))


if __name__ == "__main__":
    main()
