// The store's byte formats (docs/store.md "Layout"), on bytes alone: no store is opened except
// the shipped format-2 fixture, read with plain RocksDB. Golden bytes pin every format: a change
// to an encoder that changes what is written fails here, before any store is misread.
#include "codec.hpp"
#include "legacy_formats.hpp"
#include "store_test_util.hpp"

#include "paa/model/envelope.hpp"
#include "paa/model/query_key.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace paa::store_detail {
namespace {

std::string hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

std::string unhex(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i + 1 < text.size(); i += 2) {
    out.push_back(static_cast<char>(std::stoi(std::string(text.substr(i, 2)), nullptr, 16)));
  }
  return out;
}

StoredResult sample_result() {
  StoredResult r;
  r.key = "key";
  r.q = "Crème brûlée";
  r.hl = "fr";
  r.gl = "fr";
  r.city = "Paris";
  r.body = std::string("{\"cached\":false}\0tail", 21);
  r.fetched_at_ms = 1'700'000'123'456;
  r.unchanged_since_ms = 1'700'000'000'000;
  r.cached = true;
  r.first_cached = false;
  r.run_id = "20231114-221523";
  r.first_run_id = "20231114-221320";
  r.quota.searches_left = 97;
  r.quota.payg_credits_left = -3;
  r.quota.renewal_date = std::chrono::year_month_day(std::chrono::year(2031), std::chrono::month(2),
                                                      std::chrono::day(28));
  return r;
}

void expect_same(const StoredResult& a, const StoredResult& b) {
  EXPECT_EQ(a.key, b.key);
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.hl, b.hl);
  EXPECT_EQ(a.gl, b.gl);
  EXPECT_EQ(a.city, b.city);
  EXPECT_EQ(a.body, b.body);
  EXPECT_EQ(a.fetched_at_ms, b.fetched_at_ms);
  EXPECT_EQ(a.unchanged_since_ms, b.unchanged_since_ms);
  EXPECT_EQ(a.cached, b.cached);
  EXPECT_EQ(a.first_cached, b.first_cached);
  EXPECT_EQ(a.run_id, b.run_id);
  EXPECT_EQ(a.first_run_id, b.first_run_id);
  EXPECT_EQ(a.quota.searches_left, b.quota.searches_left);
  EXPECT_EQ(a.quota.payg_credits_left, b.quota.payg_credits_left);
  EXPECT_EQ(a.quota.renewal_date, b.quota.renewal_date);
}

ProgressEntry sample_progress() {
  ProgressEntry p;
  p.state = ProgressState::failed;
  p.attempts = 300;
  p.last_status = 503;
  p.error = "service unavailable";
  p.spent_search = true;
  p.cached = true;
  p.updated_at_ms = 1'700'000'000'000;
  return p;
}

QuestionEntry sample_question() {
  QuestionEntry q;
  q.question = "Why?";
  q.answer = "Because.";
  q.url = "https://example.com/why";
  q.title = "Why";
  q.count = 130;
  q.first_key = std::string("k\0ey", 4);
  return q;
}

// --- golden bytes: the formats as shipped ------------------------------------------------------

TEST(StoreCodec, ResultValuesAreFormatTwoBytesAsShipped) {
  EXPECT_EQ(hex(encode_result(sample_result())),
            "02"                                        // format byte
            "0f4372c3a86d65206272c3bb6cc3a965"          // q
            "026672" "026672" "055061726973"            // hl, gl, city
            "80a9bafef962"                              // fetched_at_ms (zigzag varint)
            "80890f"                                    // fetched_at_ms - unchanged_since_ms
            "0f32303233313131342d323231353233"          // run id
            "0f32303233313131342d323231333230"          // first run id
            "0f"                                        // flags: cached, three quota fields
            "c201" "05" "84dd02"                        // searchesLeft 97, PAYG -3, renewal (days)
            "7b22636163686564223a66616c73657d007461696c"  // the body, to the end
  );
  // Format 1 (stores written before history): read as one version without run ids.
  const std::string v1 = unhex("0102717102656e0275730080a0abfef96203" "0c" "7b7d");
  auto old = decode_result("k", v1);
  ASSERT_TRUE(old);
  EXPECT_EQ(old->q, "qq");
  EXPECT_EQ(old->fetched_at_ms, 1'700'000'000'000);
  EXPECT_EQ(old->unchanged_since_ms, old->fetched_at_ms);
  EXPECT_TRUE(old->cached);
  EXPECT_TRUE(old->first_cached) << "format 1 has no first fetch: it is the fetch";
  EXPECT_TRUE(old->run_id.empty());
  EXPECT_EQ(old->quota.searches_left, 6);
  EXPECT_EQ(old->body, "{}");
  EXPECT_EQ(decode_result_fetched_at(v1), old->fetched_at_ms);
}

TEST(StoreCodec, ResultValuesWithADigestAreFormatSixBytes) {
  StoredResult r = sample_result();
  r.tree_digest = 0x0123456789abcdefULL;
  EXPECT_EQ(hex(encode_result(r)),
            "02"                                        // format byte (unchanged)
            "0f4372c3a86d65206272c3bb6cc3a965"          // q
            "026672" "026672" "055061726973"            // hl, gl, city
            "80a9bafef962"                              // fetched_at_ms (zigzag varint)
            "80890f"                                    // fetched_at_ms - unchanged_since_ms
            "0f32303233313131342d323231353233"          // run id
            "0f32303233313131342d323231333230"          // first run id
            "2f"                                        // flags: + the digest
            "c201" "05" "84dd02"                        // searchesLeft 97, PAYG -3, renewal (days)
            "efcdab8967452301"                          // the digest, 8 bytes little-endian
            "7b22636163686564223a66616c73657d007461696c"  // the body, to the end
  );
  auto back = decode_result(sample_result().key, encode_result(r));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->tree_digest, r.tree_digest);
  EXPECT_EQ(back->body, r.body);
  EXPECT_FALSE(decode_result(r.key, encode_result(sample_result()))->tree_digest) << "format 5's: none";
  auto cut = encode_result(r);
  cut.resize(cut.size() - r.body.size() - 3);
  EXPECT_FALSE(decode_result(r.key, cut)) << "a digest cut short is damage";
}

TEST(StoreCodec, ProgressQuestionAndOperandBytesAsShipped) {
  // format, state failed, attempts 300, status 503 (zigzag), flags, updated_at_ms, error
  EXPECT_EQ(hex(encode_progress(sample_progress())),
            "01" "02" "ac02" "ee07" "03" "80a0abfef962" "137365727669636520756e617661696c61626c65");
  EXPECT_EQ(hex(encode_question(sample_question())),
            "01045768793f0108426563617573652e1768747470733a2f2f6578616d706c652e636f6d2f776879"
            "035768798201046b006579");
  // The index's merge operands as format 2 to 4 wrote them (format 5 writes none): a reader
  // of an old store folds them.
  const std::string plus_one = unhex(
      "02" "02" "01"  // operand format, +1 (zigzag), a first-seen entry follows
      "01045768793f0108426563617573652e1768747470733a2f2f6578616d706c652e636f6d2f"
      "776879035768798201046b006579");
  const std::string minus_one = unhex("020100");
  const std::vector<std::string_view> operands{plus_one, plus_one, minus_one};
  auto folded = merge_question_values(nullptr, operands);
  ASSERT_TRUE(folded);
  auto entry = decode_question("why?", *folded);
  ASSERT_TRUE(entry);
  auto expected = sample_question();
  expected.normalized = "why?";
  expected.count = 1;
  EXPECT_EQ(entry->question, expected.question);
  EXPECT_EQ(entry->answer, expected.answer);
  EXPECT_EQ(entry->first_key, expected.first_key);
  EXPECT_EQ(entry->count, 1u);
  EXPECT_FALSE(merge_question_values(nullptr, std::vector<std::string_view>{plus_one.substr(0, 5)}))
      << "a damaged operand is refused, never misread";
}

// Format 4: an entry with the seed's attributes is format byte 02, format 1's fields, then the
// attributes; one without them is written as format 1 was (above), so old readers' bytes stay.
TEST(StoreCodec, ProgressWithAttributesBytes) {
  ProgressEntry p = sample_progress();
  p.attrs.fields = {{"volume", "1,300"}, {"KD", "42"}};
  p.attrs.volume = 1300;
  const std::string bytes = encode_progress(p);
  EXPECT_EQ(hex(bytes), "02" "02" "ac02" "ee07" "03" "80a0abfef962" "137365727669636520756e617661696c61626c65"
                        "02"                              // two attributes
                        "06766f6c756d65" "05312c333030"   // volume = "1,300"
                        "024b44" "023432"                 // KD = "42"
                        "01" "940a");                     // a volume: 1300
  auto back = decode_progress(bytes);
  ASSERT_TRUE(back);
  // Read under one name per attribute: the bytes keep "KD", a reader sees "kd".
  p.attrs.fields[1].first = "kd";
  EXPECT_EQ(back->attrs, p.attrs);
  EXPECT_EQ(back->error, p.error);
  p.attrs.volume.reset();  // a volume column whose value is no number
  EXPECT_EQ(decode_progress(encode_progress(p))->attrs, p.attrs);
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    EXPECT_FALSE(decode_progress(bytes.substr(0, n))) << "cut at " << n;
  }
  EXPECT_FALSE(decode_progress(bytes + "x")) << "trailing bytes";
  std::string as_format_1 = bytes;
  as_format_1[0] = 1;
  EXPECT_FALSE(decode_progress(as_format_1)) << "format 1 has no attributes";
}

TEST(StoreCodec, KeyLayoutsAsShipped) {
  EXPECT_EQ(hex(history_key("k\x01", 258)), "6b010000000000000102");
  EXPECT_EQ(hex(history_key("k", -5)), "6b0000000000000000") << "times before 1970 sort first";
  const std::string stored = history_key("k\x01", 258);  // the view below points into it
  auto split = split_history_key(stored);
  ASSERT_TRUE(split);
  EXPECT_EQ(split->key, "k\x01");
  EXPECT_EQ(split->slot, 258);
  EXPECT_FALSE(split_history_key("short"));
  EXPECT_EQ(hex(progress_key("job", "k")), "6a6f62006b");
  EXPECT_EQ(hex(lineage_key("job", "k")), "4c6a6f62006b");
  EXPECT_EQ(hex(level_key("job", 2, 3)), "466a6f6200000000020000000000000003");
  EXPECT_EQ(hex(expansion_state_key("job")), "536a6f62");
  EXPECT_EQ(prefix_successor("ab\xff\xff"), "ac");
  EXPECT_EQ(prefix_successor("\xff"), "") << "no bound";
  EXPECT_TRUE(valid_job_name("job"));
  EXPECT_FALSE(valid_job_name(""));
  EXPECT_FALSE(valid_job_name(std::string("j\0b", 3)));
}

TEST(StoreCodec, LineageAndLevelKeyBytesAsShipped) {
  const Lineage l{2, Via::related, "parent", "seed"};
  EXPECT_EQ(hex(encode_lineage(l)), "01020206706172656e740473656564");
  LevelKey k;
  k.query = make_query("Why coffee", "en", "us").value();
  k.encoded = encode_key(k.query.key);
  k.seq = 7;
  k.lineage = l;
  EXPECT_EQ(hex(encode_level_key(k)), "010a57687920636f6666656502656e0275730002020670617265"
                                      "6e740473656564");
  auto back = decode_level_key(level_key("job", 2, 7), encode_level_key(k));
  ASSERT_TRUE(back);
  EXPECT_EQ(back->seq, 7u);
  EXPECT_EQ(back->query.q, "Why coffee");
  EXPECT_EQ(back->encoded, k.encoded);
  EXPECT_EQ(back->lineage, l);
}

TEST(StoreCodec, MetaJsonAsShipped) {
  QuotaState q;
  q.searches_left = 5;
  q.renewal_date = std::chrono::year_month_day(std::chrono::year(2031), std::chrono::month(2), std::chrono::day(28));
  q.seen_at_ms = 9;
  EXPECT_EQ(encode_quota(q),
            R"({"searches_left":5,"payg_credits_left":null,"renewal_date":"2031-02-28","seen_at_ms":9,"exhausted_until_ms":null})");
  EXPECT_EQ(encode_shard(ShardClaim{2, 4, 1}), R"({"index":2,"count":4,"hash":1})");
  RunInfo run;
  run.run_id = "20261123-173601";
  run.job = "coffee";
  run.started_at_ms = 1;
  run.ended_at_ms = 2;
  run.outcome = "completed";
  run.money = RunMoney{3, 4, 5, 6, 7, 8};
  run.changes = RunChanges{9, 10, 11};
  EXPECT_EQ(encode_run(run),
            R"({"run_id":"20261123-173601","job":"coffee","started_at_ms":1,"ended_at_ms":2,"outcome":"completed",)"
            R"("money":{"requests":3,"stored":4,"charged":5,"unknown":6,"unknown_disproved":7,"balance_fall":8},)"
            R"("changes":{"new":9,"changed":10,"unchanged":11}})");
  ExpansionState s;
  s.built = 1;
  s.level_keys = {4};
  s.pass_parents = 2;
  s.pass_admitted = 3;
  s.pass_last_parent = std::string("p\0", 2);
  EXPECT_EQ(encode_expansion_state(s),
            R"({"built":1,"level_keys":[4],"pass_parents":2,"pass_admitted":3,"cut_level":0,"cut_parents":0,)"
            R"("cut_admitted":0,"pass_last_parent":"7000","cut_last_parent":""})");
}

// --- round trips -------------------------------------------------------------------------------

TEST(StoreCodec, EveryRecordRoundTrips) {
  const auto r = sample_result();
  auto result = decode_result(r.key, encode_result(r));
  ASSERT_TRUE(result);
  expect_same(*result, r);
  EXPECT_EQ(decode_result_fetched_at(encode_result(r)), r.fetched_at_ms);
  StoredResult bare;  // no quota fields, empty body, no run
  bare.key = "k";
  bare.fetched_at_ms = 5;
  bare.unchanged_since_ms = 5;
  auto bare_back = decode_result("k", encode_result(bare));
  ASSERT_TRUE(bare_back);
  expect_same(*bare_back, bare);

  auto progress = decode_progress(encode_progress(sample_progress()));
  ASSERT_TRUE(progress);
  EXPECT_EQ(encode_progress(*progress), encode_progress(sample_progress()));
  EXPECT_EQ(progress->error, "service unavailable");
  EXPECT_EQ(progress->attempts, 300u);

  auto question = decode_question("why?", encode_question(sample_question()));
  ASSERT_TRUE(question);
  EXPECT_EQ(question->normalized, "why?");
  EXPECT_EQ(encode_question(*question), encode_question(sample_question()));

  const Lineage l{1, Via::question, "p", "s"};
  EXPECT_EQ(decode_lineage(encode_lineage(l)), l);

  QuotaState q;
  q.payg_credits_left = 3;
  q.exhausted_until_ms = 77;
  q.seen_at_ms = 4;
  auto quota = decode_quota(encode_quota(q));
  ASSERT_TRUE(quota);
  EXPECT_EQ(quota->payg_credits_left, 3);
  EXPECT_EQ(quota->exhausted_until_ms, 77);
  EXPECT_FALSE(quota->searches_left);

  EXPECT_EQ(decode_shard(encode_shard(ShardClaim{1, 3, 1})), (ShardClaim{1, 3, 1}));

  RunInfo run;
  run.run_id = "x";
  run.job = "j";
  run.started_at_ms = 10;
  run.ended_at_ms = 20;
  run.outcome = "quota";
  run.money = RunMoney{1, 2, 3, 4, 5, std::nullopt};
  run.changes = RunChanges{6, 7, 8};
  auto back = decode_run(encode_run(run));
  ASSERT_TRUE(back);
  EXPECT_EQ(encode_run(*back), encode_run(run));
  RunInfo running;  // not ended: no changes written
  running.started_at_ms = 3;
  EXPECT_EQ(encode_run(*decode_run(encode_run(running))), encode_run(running));

  ExpansionState s;
  s.built = 2;
  s.level_keys = {3, 4};
  s.cut_level = 3;
  s.cut_parents = 1;
  s.cut_admitted = 9;
  s.cut_last_parent = "\xff\x01";
  EXPECT_EQ(decode_expansion_state(encode_expansion_state(s)), s);
}

TEST(StoreCodec, SkipVariantsCountsRoundTripAndAreZeroInAStateWrittenBeforeThem) {
  ExpansionState s;
  s.built = 3;
  s.level_keys = {3, 4, 5};
  s.set_skipped(2, 7);
  s.pass_skipped = 2;
  s.cut_skipped = 1;
  EXPECT_THAT(s.level_skipped, ::testing::ElementsAre(0u, 7u)) << "no trailing zeros";
  const auto back = decode_expansion_state(encode_expansion_state(s));
  ASSERT_TRUE(back);
  EXPECT_EQ(*back, s);
  EXPECT_EQ(back->skipped_at(2), 7u);
  EXPECT_EQ(back->skipped_at(4), 2u) << "the pass under way";
  EXPECT_EQ(back->skipped(), 9u);
  const auto old = decode_expansion_state(R"({"built":1,"level_keys":[5],"pass_parents":0,"pass_admitted":0})");
  ASSERT_TRUE(old);
  EXPECT_EQ(old->skipped(), 0u);
  EXPECT_FALSE(decode_expansion_state(R"({"built":1,"level_keys":[5],"pass_parents":0,"pass_admitted":0,"level_skipped":[1,2]})"))
      << "one count per built level";
}

TEST(StoreCodec, WhatAShardCopiedFromThePlanRoundTripsAndAStateWithoutItHasNone) {
  ExpansionState s;
  s.built = 2;
  s.level_keys = {7, 30};
  s.plan_copied = {25, 118};
  EXPECT_EQ(decode_expansion_state(encode_expansion_state(s)), s);
  const auto old = decode_expansion_state(R"({"built":2,"level_keys":[7,30],"pass_parents":0,"pass_admitted":0})");
  ASSERT_TRUE(old);
  EXPECT_TRUE(old->plan_copied.empty());
  EXPECT_FALSE(decode_expansion_state(
      R"({"built":1,"level_keys":[5],"pass_parents":0,"pass_admitted":0,"plan_copied":[-1]})"));
}

TEST(StoreCodec, SeedRecordsAndRoundsRoundTripAndAStateWrittenBeforeThemHasNone) {
  ExpansionState s;
  s.built = 2;
  s.level_keys = {6, 3};
  s.seeds_recorded = true;
  s.round = 2;
  s.round_levels = 2;
  s.round_appended = 1;
  s.round_start = {5, 3};
  s.pass_parents = 4;
  s.pass_admitted = 1;
  EXPECT_EQ(decode_expansion_state(encode_expansion_state(s)), s);
  s.round_levels = 0;
  s.round_appended = 0;
  s.round_start.clear();
  EXPECT_EQ(decode_expansion_state(encode_expansion_state(s)), s);
  const auto old = decode_expansion_state(R"({"built":1,"level_keys":[5],"pass_parents":0,"pass_admitted":0})");
  ASSERT_TRUE(old);
  EXPECT_FALSE(old->seeds_recorded) << "the next run records the job's keys as expanded";
  EXPECT_FALSE(old->in_round());
  EXPECT_EQ(old->round, 0u);
  EXPECT_FALSE(decode_expansion_state(
      R"({"built":1,"level_keys":[5],"pass_parents":0,"pass_admitted":0,"round_levels":1,"round_start":[]})"))
      << "one start per level of the round";
  EXPECT_FALSE(decode_expansion_state(
      R"({"built":1,"level_keys":[5],"pass_parents":0,"pass_admitted":0,"round_levels":2,"round_start":[5,0]})"))
      << "a round appends to built levels only";
  for (std::uint32_t round : {0u, 1u, 70000u}) EXPECT_EQ(decode_seed_round(encode_seed_round(round)), round);
  EXPECT_FALSE(decode_seed_round("abc"));
}

// --- damaged bytes -----------------------------------------------------------------------------

TEST(StoreCodec, DamagedBytesDecodeToNothing) {
  const std::string result = encode_result(sample_result());
  const std::size_t head = result.size() - sample_result().body.size();  // the body may be cut anywhere
  for (std::size_t n = 0; n < head; ++n) {
    EXPECT_FALSE(decode_result("k", result.substr(0, n))) << "result cut at " << n;
  }
  EXPECT_FALSE(decode_result("k", "\x03" + result.substr(1))) << "unknown format byte";
  EXPECT_FALSE(decode_result_fetched_at("\x07"));
  const std::string progress = encode_progress(sample_progress());
  for (std::size_t n = 0; n < progress.size(); ++n) {
    EXPECT_FALSE(decode_progress(progress.substr(0, n))) << "progress cut at " << n;
  }
  EXPECT_FALSE(decode_progress(progress + "x")) << "trailing bytes";
  std::string bad_state = progress;
  bad_state[1] = 3;
  EXPECT_FALSE(decode_progress(bad_state));
  const std::string question = encode_question(sample_question());
  for (std::size_t n = 0; n < question.size(); ++n) {
    EXPECT_FALSE(decode_question("q", question.substr(0, n))) << "question cut at " << n;
  }
  EXPECT_FALSE(decode_question("q", question + "x"));
  const std::string lineage = encode_lineage(Lineage{1, Via::related, "p", "s"});
  for (std::size_t n = 0; n < lineage.size(); ++n) EXPECT_FALSE(decode_lineage(lineage.substr(0, n)));
  std::string bad_via = lineage;
  bad_via[2] = 9;
  EXPECT_FALSE(decode_lineage(bad_via));
  EXPECT_FALSE(decode_level_key("short", "\x01"));
  for (const char* json : {"", "[]", "{", R"({"searches_left":"x"})", R"({"renewal_date":"2031-02-30"})"}) {
    EXPECT_FALSE(decode_quota(json)) << json;
  }
  EXPECT_FALSE(decode_shard(R"({"index":1,"count":2})"));
  EXPECT_FALSE(decode_run(R"({"started_at_ms":"soon"})"));
  EXPECT_FALSE(decode_run(R"({"changes":{"new":"x"}})"));
  EXPECT_FALSE(decode_expansion_state(R"({"built":1,"level_keys":[],"pass_parents":0,"pass_admitted":0})"));
  EXPECT_FALSE(decode_expansion_state(R"({"built":0,"level_keys":[],"pass_parents":0,"pass_admitted":0,"pass_last_parent":"0g"})"));
}

// --- the shipped fixture -----------------------------------------------------------------------

// Every value of the format-2 store paa 0.1.0 wrote decodes, and the formats that did not change
// since (progress, question entries) encode back to the very bytes.
TEST(StoreCodec, EveryValueOfTheFormatTwoFixtureDecodesAndUnchangedFormatsReencodeExactly) {
  test::TempDir tmp;
  const auto dir = tmp.path() / "store";
  std::filesystem::copy(PAA_STORE_FIXTURES "/format2-store", dir);
  std::map<std::string, int> decoded;
  test::RawOpen how;
  how.read_only = true;
  how.configure = [](const std::string& family, rocksdb::ColumnFamilyOptions& o) {
    if (family == kQuestionsFamily) o.merge_operator = make_question_count_merge();
  };
  test::with_raw_store(dir, how, [&](rocksdb::DB& db, const std::string& family, rocksdb::ColumnFamilyHandle* cf) {
    std::unique_ptr<rocksdb::Iterator> it(db.NewIterator(rocksdb::ReadOptions(), cf));
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      const std::string key = it->key().ToString();
      const std::string value = it->value().ToString();
      if (family == kResultsFamily) {
        auto r = decode_result(key, value);
        ASSERT_TRUE(r) << hex(key);
        EXPECT_EQ(value[0], 1) << "format 2 wrote result values 01";
        EXPECT_TRUE(parse_envelope(r->body)) << r->q;
        EXPECT_EQ(encode_key(make_query(r->q, r->hl, r->gl, r->city).value().key), key);
        auto again = decode_result(key, encode_result(*r));
        ASSERT_TRUE(again);
        expect_same(*again, *r);
      } else if (family == kProgressFamily) {
        auto p = decode_progress(value);
        ASSERT_TRUE(p) << hex(key);
        EXPECT_EQ(encode_progress(*p), value);
      } else if (family == kQuestionsFamily) {
        auto q = decode_question(key, value);
        ASSERT_TRUE(q) << hex(key);
        EXPECT_EQ(encode_question(*q), value);
      } else if (family == kMetaFamily) {
        if (key == kMetaQuota) {
          EXPECT_TRUE(decode_quota(value)) << value;
        }
        if (key.rfind(kMetaRunPrefix, 0) == 0) {
          EXPECT_TRUE(decode_run(value)) << value;
        }
      } else {
        continue;
      }
      ++decoded[family];
    }
    EXPECT_TRUE(it->status().ok()) << it->status().ToString();
  });
  EXPECT_EQ(decoded[kResultsFamily], 6);
  EXPECT_EQ(decoded[kProgressFamily], 6);
  EXPECT_GT(decoded[kQuestionsFamily], 20);
  EXPECT_GE(decoded[kMetaFamily], 3);
}

}  // namespace
}  // namespace paa::store_detail
