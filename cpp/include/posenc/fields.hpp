// A result struct's fields, listed once beside it, for code that walks them by name (the JS
// bindings turn each into a property, and describe its type). Nothing here knows about JS.
//
//   struct Turn { std::vector<double> rotated; double cross = 0; };
//   POSENC_FIELDS(Turn, rotated, cross)
//
// defines for_each_field(const Turn&, f) (and for a Turn&), which calls f("rotated", t.rotated), f("cross", t.cross).
// Each name is a member access, so a renamed member fails to compile; and a structured binding of
// as many names as the list has fails to compile when the struct has a member the list leaves out.
#pragma once

// Preprocessor plumbing for lists of up to 48 names.
#define POSENC_PP_NARGS(...) POSENC_PP_NARGS_I(__VA_ARGS__, 48, 47, 46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
#define POSENC_PP_NARGS_I(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, _15, _16, _17, _18, _19, _20, _21, _22, _23, _24, _25, _26, _27, _28, _29, _30, _31, _32, _33, _34, _35, _36, _37, _38, _39, _40, _41, _42, _43, _44, _45, _46, _47, _48, n, ...) n
#define POSENC_PP_CAT(a, b) POSENC_PP_CAT_I(a, b)
#define POSENC_PP_CAT_I(a, b) a##b
// m(a) m(b) m(c)
#define POSENC_PP_EACH(m, ...) POSENC_PP_CAT(POSENC_PP_EACH_, POSENC_PP_NARGS(__VA_ARGS__))(m, __VA_ARGS__)
#define POSENC_PP_EACH_1(m, x) m(x)
#define POSENC_PP_EACH_2(m, x, ...) m(x) POSENC_PP_EACH_1(m, __VA_ARGS__)
#define POSENC_PP_EACH_3(m, x, ...) m(x) POSENC_PP_EACH_2(m, __VA_ARGS__)
#define POSENC_PP_EACH_4(m, x, ...) m(x) POSENC_PP_EACH_3(m, __VA_ARGS__)
#define POSENC_PP_EACH_5(m, x, ...) m(x) POSENC_PP_EACH_4(m, __VA_ARGS__)
#define POSENC_PP_EACH_6(m, x, ...) m(x) POSENC_PP_EACH_5(m, __VA_ARGS__)
#define POSENC_PP_EACH_7(m, x, ...) m(x) POSENC_PP_EACH_6(m, __VA_ARGS__)
#define POSENC_PP_EACH_8(m, x, ...) m(x) POSENC_PP_EACH_7(m, __VA_ARGS__)
#define POSENC_PP_EACH_9(m, x, ...) m(x) POSENC_PP_EACH_8(m, __VA_ARGS__)
#define POSENC_PP_EACH_10(m, x, ...) m(x) POSENC_PP_EACH_9(m, __VA_ARGS__)
#define POSENC_PP_EACH_11(m, x, ...) m(x) POSENC_PP_EACH_10(m, __VA_ARGS__)
#define POSENC_PP_EACH_12(m, x, ...) m(x) POSENC_PP_EACH_11(m, __VA_ARGS__)
#define POSENC_PP_EACH_13(m, x, ...) m(x) POSENC_PP_EACH_12(m, __VA_ARGS__)
#define POSENC_PP_EACH_14(m, x, ...) m(x) POSENC_PP_EACH_13(m, __VA_ARGS__)
#define POSENC_PP_EACH_15(m, x, ...) m(x) POSENC_PP_EACH_14(m, __VA_ARGS__)
#define POSENC_PP_EACH_16(m, x, ...) m(x) POSENC_PP_EACH_15(m, __VA_ARGS__)
#define POSENC_PP_EACH_17(m, x, ...) m(x) POSENC_PP_EACH_16(m, __VA_ARGS__)
#define POSENC_PP_EACH_18(m, x, ...) m(x) POSENC_PP_EACH_17(m, __VA_ARGS__)
#define POSENC_PP_EACH_19(m, x, ...) m(x) POSENC_PP_EACH_18(m, __VA_ARGS__)
#define POSENC_PP_EACH_20(m, x, ...) m(x) POSENC_PP_EACH_19(m, __VA_ARGS__)
#define POSENC_PP_EACH_21(m, x, ...) m(x) POSENC_PP_EACH_20(m, __VA_ARGS__)
#define POSENC_PP_EACH_22(m, x, ...) m(x) POSENC_PP_EACH_21(m, __VA_ARGS__)
#define POSENC_PP_EACH_23(m, x, ...) m(x) POSENC_PP_EACH_22(m, __VA_ARGS__)
#define POSENC_PP_EACH_24(m, x, ...) m(x) POSENC_PP_EACH_23(m, __VA_ARGS__)
#define POSENC_PP_EACH_25(m, x, ...) m(x) POSENC_PP_EACH_24(m, __VA_ARGS__)
#define POSENC_PP_EACH_26(m, x, ...) m(x) POSENC_PP_EACH_25(m, __VA_ARGS__)
#define POSENC_PP_EACH_27(m, x, ...) m(x) POSENC_PP_EACH_26(m, __VA_ARGS__)
#define POSENC_PP_EACH_28(m, x, ...) m(x) POSENC_PP_EACH_27(m, __VA_ARGS__)
#define POSENC_PP_EACH_29(m, x, ...) m(x) POSENC_PP_EACH_28(m, __VA_ARGS__)
#define POSENC_PP_EACH_30(m, x, ...) m(x) POSENC_PP_EACH_29(m, __VA_ARGS__)
#define POSENC_PP_EACH_31(m, x, ...) m(x) POSENC_PP_EACH_30(m, __VA_ARGS__)
#define POSENC_PP_EACH_32(m, x, ...) m(x) POSENC_PP_EACH_31(m, __VA_ARGS__)
#define POSENC_PP_EACH_33(m, x, ...) m(x) POSENC_PP_EACH_32(m, __VA_ARGS__)
#define POSENC_PP_EACH_34(m, x, ...) m(x) POSENC_PP_EACH_33(m, __VA_ARGS__)
#define POSENC_PP_EACH_35(m, x, ...) m(x) POSENC_PP_EACH_34(m, __VA_ARGS__)
#define POSENC_PP_EACH_36(m, x, ...) m(x) POSENC_PP_EACH_35(m, __VA_ARGS__)
#define POSENC_PP_EACH_37(m, x, ...) m(x) POSENC_PP_EACH_36(m, __VA_ARGS__)
#define POSENC_PP_EACH_38(m, x, ...) m(x) POSENC_PP_EACH_37(m, __VA_ARGS__)
#define POSENC_PP_EACH_39(m, x, ...) m(x) POSENC_PP_EACH_38(m, __VA_ARGS__)
#define POSENC_PP_EACH_40(m, x, ...) m(x) POSENC_PP_EACH_39(m, __VA_ARGS__)
#define POSENC_PP_EACH_41(m, x, ...) m(x) POSENC_PP_EACH_40(m, __VA_ARGS__)
#define POSENC_PP_EACH_42(m, x, ...) m(x) POSENC_PP_EACH_41(m, __VA_ARGS__)
#define POSENC_PP_EACH_43(m, x, ...) m(x) POSENC_PP_EACH_42(m, __VA_ARGS__)
#define POSENC_PP_EACH_44(m, x, ...) m(x) POSENC_PP_EACH_43(m, __VA_ARGS__)
#define POSENC_PP_EACH_45(m, x, ...) m(x) POSENC_PP_EACH_44(m, __VA_ARGS__)
#define POSENC_PP_EACH_46(m, x, ...) m(x) POSENC_PP_EACH_45(m, __VA_ARGS__)
#define POSENC_PP_EACH_47(m, x, ...) m(x) POSENC_PP_EACH_46(m, __VA_ARGS__)
#define POSENC_PP_EACH_48(m, x, ...) m(x) POSENC_PP_EACH_47(m, __VA_ARGS__)
// m(a), m(b), m(c)
#define POSENC_PP_LIST(m, ...) POSENC_PP_CAT(POSENC_PP_LIST_, POSENC_PP_NARGS(__VA_ARGS__))(m, __VA_ARGS__)
#define POSENC_PP_LIST_1(m, x) m(x)
#define POSENC_PP_LIST_2(m, x, ...) m(x), POSENC_PP_LIST_1(m, __VA_ARGS__)
#define POSENC_PP_LIST_3(m, x, ...) m(x), POSENC_PP_LIST_2(m, __VA_ARGS__)
#define POSENC_PP_LIST_4(m, x, ...) m(x), POSENC_PP_LIST_3(m, __VA_ARGS__)
#define POSENC_PP_LIST_5(m, x, ...) m(x), POSENC_PP_LIST_4(m, __VA_ARGS__)
#define POSENC_PP_LIST_6(m, x, ...) m(x), POSENC_PP_LIST_5(m, __VA_ARGS__)
#define POSENC_PP_LIST_7(m, x, ...) m(x), POSENC_PP_LIST_6(m, __VA_ARGS__)
#define POSENC_PP_LIST_8(m, x, ...) m(x), POSENC_PP_LIST_7(m, __VA_ARGS__)
#define POSENC_PP_LIST_9(m, x, ...) m(x), POSENC_PP_LIST_8(m, __VA_ARGS__)
#define POSENC_PP_LIST_10(m, x, ...) m(x), POSENC_PP_LIST_9(m, __VA_ARGS__)
#define POSENC_PP_LIST_11(m, x, ...) m(x), POSENC_PP_LIST_10(m, __VA_ARGS__)
#define POSENC_PP_LIST_12(m, x, ...) m(x), POSENC_PP_LIST_11(m, __VA_ARGS__)
#define POSENC_PP_LIST_13(m, x, ...) m(x), POSENC_PP_LIST_12(m, __VA_ARGS__)
#define POSENC_PP_LIST_14(m, x, ...) m(x), POSENC_PP_LIST_13(m, __VA_ARGS__)
#define POSENC_PP_LIST_15(m, x, ...) m(x), POSENC_PP_LIST_14(m, __VA_ARGS__)
#define POSENC_PP_LIST_16(m, x, ...) m(x), POSENC_PP_LIST_15(m, __VA_ARGS__)
#define POSENC_PP_LIST_17(m, x, ...) m(x), POSENC_PP_LIST_16(m, __VA_ARGS__)
#define POSENC_PP_LIST_18(m, x, ...) m(x), POSENC_PP_LIST_17(m, __VA_ARGS__)
#define POSENC_PP_LIST_19(m, x, ...) m(x), POSENC_PP_LIST_18(m, __VA_ARGS__)
#define POSENC_PP_LIST_20(m, x, ...) m(x), POSENC_PP_LIST_19(m, __VA_ARGS__)
#define POSENC_PP_LIST_21(m, x, ...) m(x), POSENC_PP_LIST_20(m, __VA_ARGS__)
#define POSENC_PP_LIST_22(m, x, ...) m(x), POSENC_PP_LIST_21(m, __VA_ARGS__)
#define POSENC_PP_LIST_23(m, x, ...) m(x), POSENC_PP_LIST_22(m, __VA_ARGS__)
#define POSENC_PP_LIST_24(m, x, ...) m(x), POSENC_PP_LIST_23(m, __VA_ARGS__)
#define POSENC_PP_LIST_25(m, x, ...) m(x), POSENC_PP_LIST_24(m, __VA_ARGS__)
#define POSENC_PP_LIST_26(m, x, ...) m(x), POSENC_PP_LIST_25(m, __VA_ARGS__)
#define POSENC_PP_LIST_27(m, x, ...) m(x), POSENC_PP_LIST_26(m, __VA_ARGS__)
#define POSENC_PP_LIST_28(m, x, ...) m(x), POSENC_PP_LIST_27(m, __VA_ARGS__)
#define POSENC_PP_LIST_29(m, x, ...) m(x), POSENC_PP_LIST_28(m, __VA_ARGS__)
#define POSENC_PP_LIST_30(m, x, ...) m(x), POSENC_PP_LIST_29(m, __VA_ARGS__)
#define POSENC_PP_LIST_31(m, x, ...) m(x), POSENC_PP_LIST_30(m, __VA_ARGS__)
#define POSENC_PP_LIST_32(m, x, ...) m(x), POSENC_PP_LIST_31(m, __VA_ARGS__)
#define POSENC_PP_LIST_33(m, x, ...) m(x), POSENC_PP_LIST_32(m, __VA_ARGS__)
#define POSENC_PP_LIST_34(m, x, ...) m(x), POSENC_PP_LIST_33(m, __VA_ARGS__)
#define POSENC_PP_LIST_35(m, x, ...) m(x), POSENC_PP_LIST_34(m, __VA_ARGS__)
#define POSENC_PP_LIST_36(m, x, ...) m(x), POSENC_PP_LIST_35(m, __VA_ARGS__)
#define POSENC_PP_LIST_37(m, x, ...) m(x), POSENC_PP_LIST_36(m, __VA_ARGS__)
#define POSENC_PP_LIST_38(m, x, ...) m(x), POSENC_PP_LIST_37(m, __VA_ARGS__)
#define POSENC_PP_LIST_39(m, x, ...) m(x), POSENC_PP_LIST_38(m, __VA_ARGS__)
#define POSENC_PP_LIST_40(m, x, ...) m(x), POSENC_PP_LIST_39(m, __VA_ARGS__)
#define POSENC_PP_LIST_41(m, x, ...) m(x), POSENC_PP_LIST_40(m, __VA_ARGS__)
#define POSENC_PP_LIST_42(m, x, ...) m(x), POSENC_PP_LIST_41(m, __VA_ARGS__)
#define POSENC_PP_LIST_43(m, x, ...) m(x), POSENC_PP_LIST_42(m, __VA_ARGS__)
#define POSENC_PP_LIST_44(m, x, ...) m(x), POSENC_PP_LIST_43(m, __VA_ARGS__)
#define POSENC_PP_LIST_45(m, x, ...) m(x), POSENC_PP_LIST_44(m, __VA_ARGS__)
#define POSENC_PP_LIST_46(m, x, ...) m(x), POSENC_PP_LIST_45(m, __VA_ARGS__)
#define POSENC_PP_LIST_47(m, x, ...) m(x), POSENC_PP_LIST_46(m, __VA_ARGS__)
#define POSENC_PP_LIST_48(m, x, ...) m(x), POSENC_PP_LIST_47(m, __VA_ARGS__)

#define POSENC_FIELD_VISIT(name) f(#name, s.name);
#define POSENC_FIELD_BIND(name) name##_

// Lists struct T's members for for_each_field (in the struct's own namespace, so calls find it).
#define POSENC_FIELDS(T, ...)                                                                     \
  inline void fields_cover_every_member(const T& s) {                                            \
    [[maybe_unused]] const auto& [POSENC_PP_LIST(POSENC_FIELD_BIND, __VA_ARGS__)] = s;            \
  }                                                                                               \
  template <class F>                                                                              \
  void for_each_field(const T& s, F&& f) {                                                        \
    POSENC_PP_EACH(POSENC_FIELD_VISIT, __VA_ARGS__)                                               \
  }                                                                                               \
  template <class F>                                                                              \
  void for_each_field(T& s, F&& f) {                                                              \
    POSENC_PP_EACH(POSENC_FIELD_VISIT, __VA_ARGS__)                                               \
  }                                                                                               \
  constexpr const char* field_struct_name(const T*) { return #T; }
