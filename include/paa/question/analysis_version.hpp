#pragma once
// The version of the rules that make a question's type, intent and variant group (docs/topics.md):
// group and topic ids hash what these rules make of a question's text, so two analyses agree on
// ids only when they agree on this number. Bumped whenever a change to the rules or a language's
// tables can change a type or a group (docs/release-notes.md says what each bump changed).
namespace paa::question {

// 1: types from a phrase anywhere, in a fixed precedence (round 3).
// 2: types from the opening; quantity and consequence; [variants] rewrites (issue 45).
inline constexpr int kAnalysisVersion = 2;

}  // namespace paa::question
