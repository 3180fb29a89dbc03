"""The Scrapy spider a user would write to fetch every query of a list (one per line) from the
People Also Ask service and keep the answers as JSON lines (Debian python3-scrapy):

  PAA_API_KEY=... scrapy runspider scrapy_spider.py -a base_url=BASE_URL -a queries=QUERIES \
      -s CONCURRENT_REQUESTS=C -s CONCURRENT_REQUESTS_PER_DOMAIN=C \
      -s FEEDS='{"OUT.jsonl": {"format": "jsonlines"}}' [-s CA_FILE=CA]

Scrapy takes its concurrency and its feed as settings, which spider arguments (-a) cannot set,
so those two come with -s. Every answer becomes one item {"query": ..., "answer": <the parsed
JSON body>} in the feed. No autothrottle, no download delay, robots.txt not fetched, the
default middlewares otherwise (HttpCompressionMiddleware asks for gzip and inflates; retries
stay on; a non-200 answer is dropped by HttpErrorMiddleware and counts as a failure).

TLS: Scrapy's default context factory does not verify certificates at all. With CA_FILE set,
CAFileContextFactory below verifies the server's certificate chain against that CA and its host
name (Twisted's optionsForClientTLS, as Scrapy's BrowserLikeContextFactory does with the
platform's CAs); without it, Scrapy's default applies.
"""
import os

import scrapy
from scrapy.core.downloader.contextfactory import BrowserLikeContextFactory
from twisted.internet.ssl import Certificate, optionsForClientTLS
from urllib.parse import quote


class CAFileContextFactory(BrowserLikeContextFactory):
    """BrowserLikeContextFactory trusting one CA (the CA_FILE setting) instead of the platform's."""

    def __init__(self, *args, ca_file=None, **kwargs):
        super().__init__(*args, **kwargs)
        with open(ca_file, "rb") as f:
            self._trust = Certificate.loadPEM(f.read())

    @classmethod
    def from_settings(cls, settings, *args, **kwargs):
        return super().from_settings(settings, *args, ca_file=settings.get("CA_FILE"), **kwargs)

    def creatorForNetloc(self, hostname, port):
        return optionsForClientTLS(hostname=hostname.decode("ascii"), trustRoot=self._trust,
                                   extraCertificateOptions={"method": self._ssl_method})


class PaaSpider(scrapy.Spider):
    name = "paa"
    custom_settings = {
        "ROBOTSTXT_OBEY": False,
        "AUTOTHROTTLE_ENABLED": False,
        "DOWNLOAD_DELAY": 0,
        "COOKIES_ENABLED": False,
        "TELNETCONSOLE_ENABLED": False,
        "LOG_LEVEL": "INFO",
        "REQUEST_FINGERPRINTER_IMPLEMENTATION": "2.7",
    }

    @classmethod
    def update_settings(cls, settings):
        super().update_settings(settings)
        if settings.get("CA_FILE"):
            settings.set("DOWNLOADER_CLIENTCONTEXTFACTORY", CAFileContextFactory, priority="spider")

    def __init__(self, base_url, queries, **kwargs):
        super().__init__(**kwargs)
        self.base_url = base_url.rstrip("/")
        self.queries = queries
        self.headers = {"x-api-key": os.environ["PAA_API_KEY"]}

    def start_requests(self):
        with open(self.queries, encoding="utf-8") as f:
            for line in f:
                q = line.strip()
                if q:
                    url = f"{self.base_url}/alsoask?q={quote(q, safe='')}&hl=en&gl=us"
                    yield scrapy.Request(url, headers=self.headers, cb_kwargs={"query": q})

    def parse(self, response, query):
        yield {"query": query, "answer": response.json()}
