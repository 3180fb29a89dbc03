// jemalloc's settings for paa (PAA_JEMALLOC; BENCHMARKS.md "Round 12"), read by jemalloc when it
// starts: a background thread returns freed pages to the system 200 ms after they go idle,
// instead of the allocating threads doing it or the pages staying resident; two arenas for
// paa's few busy threads (the network, the writer, RocksDB's flush and compaction) instead of
// four per core. MALLOC_CONF in the environment still overrides it.
extern "C" {
// NOLINTNEXTLINE: jemalloc looks this symbol up by name.
const char* malloc_conf = "background_thread:true,narenas:2,dirty_decay_ms:200,muzzy_decay_ms:0";
}
