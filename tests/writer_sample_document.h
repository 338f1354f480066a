// A document that exercises a streaming writer's layout: the string under test as a key and as
// values at several depths, lists in lists, objects in lists, empty containers, scalars.
#pragma once

#include <string_view>

// A document with `s` as a key and as values, at several depths, among empty containers.
template <typename Writer>
inline void sample(Writer& w, std::string_view s) {
  w.begin_object();
  w.key(s);
  w.string(s);
  w.key("list");
  w.begin_array();
  w.string(s);
  w.begin_array();
  w.end_array();
  w.begin_object();
  w.end_object();
  w.begin_object();
  w.key("n");
  w.integer(-42);
  w.key("big");
  w.integer(5'000'000'000);
  w.key("yes");
  w.boolean(true);
  w.key("no");
  w.boolean(false);
  w.key("none");
  w.null();
  w.key("nested");
  w.begin_array();
  w.begin_array();
  w.string(s);
  w.end_array();
  w.end_array();
  w.end_object();
  w.end_array();
  w.key("empty");
  w.begin_object();
  w.end_object();
  w.key("objects");
  w.begin_array();
  for (int i = 0; i < 2; ++i) {
    w.begin_object();
    w.key("name");
    w.string(s);
    w.key("inner");
    w.begin_object();
    w.key("list");
    w.begin_array();
    w.integer(i);
    w.end_array();
    w.key("none");
    w.begin_array();
    w.end_array();
    w.end_object();
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

