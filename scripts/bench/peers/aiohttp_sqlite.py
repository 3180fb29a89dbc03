#!/usr/bin/python3
"""aiohttp_sqlite.py BASE_URL QUERIES CONCURRENCY OUT.db [--ca-file CA]: the plain Python script a
user would write to fetch every query of a list (one per line) from the People Also Ask service and
keep the answers in SQLite.

asyncio + aiohttp (Debian python3-aiohttp): one ClientSession, CONCURRENCY worker tasks taking
queries from a shared iterator (so at most CONCURRENCY requests in flight, on a connector of that
many connections), each answer's body stored as (query, body) in one table. The database is in
WAL mode with synchronous=NORMAL (SQLite's advice for WAL), and the script commits every 100 rows
and at the end. aiohttp asks for gzip and inflates the body itself. The API key comes from
PAA_API_KEY; --ca-file is the CA trusted (certificate and host name verified, the ssl module's
defaults). A non-200 answer or a network error stops the script with an error.

Run it with Debian's Python (/usr/bin/python3), where python3-aiohttp lives.
"""
import argparse
import asyncio
import os
import sqlite3
import ssl

import aiohttp

BATCH = 100


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("base_url")
    ap.add_argument("queries")
    ap.add_argument("concurrency", type=int)
    ap.add_argument("out")
    ap.add_argument("--ca-file")
    args = ap.parse_args()
    key = os.environ["PAA_API_KEY"]

    db = sqlite3.connect(args.out)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE IF NOT EXISTS results (query TEXT PRIMARY KEY, body TEXT NOT NULL)")

    with open(args.queries, encoding="utf-8") as f:
        queries = [line.strip() for line in f if line.strip()]
    todo = iter(queries)
    pending = 0

    ssl_ctx = ssl.create_default_context(cafile=args.ca_file)
    connector = aiohttp.TCPConnector(limit=args.concurrency, ssl=ssl_ctx)
    url = args.base_url.rstrip("/") + "/alsoask"

    async def worker(session: aiohttp.ClientSession) -> None:
        nonlocal pending
        for q in todo:
            async with session.get(url, params={"q": q, "hl": "en", "gl": "us"}) as resp:
                resp.raise_for_status()
                body = await resp.text()
            db.execute("INSERT OR REPLACE INTO results (query, body) VALUES (?, ?)", (q, body))
            pending += 1
            if pending >= BATCH:
                db.commit()
                pending = 0

    async with aiohttp.ClientSession(connector=connector, headers={"x-api-key": key}) as session:
        await asyncio.gather(*(worker(session) for _ in range(args.concurrency)))
    db.commit()
    db.close()


if __name__ == "__main__":
    asyncio.run(main())
