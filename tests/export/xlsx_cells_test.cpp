#include "paa/export/xlsx/xlsx_cells.hpp"

#include <gtest/gtest.h>

#include <string>

namespace paa::exporting {
namespace {

TEST(ExcelCellText, ShortTextIsReturnedAsItIs) {
  EXPECT_EQ(excel_cell_text("Café ☕"), "Café ☕");
  EXPECT_EQ(excel_cell_text(""), "");
}

TEST(ExcelCellText, CutsAtTheCharacterLimitNeverInsideAUtf8Sequence) {
  const std::string ascii(kExcelMaxCellChars + 10, 'a');
  EXPECT_EQ(excel_cell_text(ascii).size(), kExcelMaxCellChars);
  // 3-byte characters: 32,767 of them fit although the text is 98,301+ bytes.
  std::string euro;
  for (std::size_t i = 0; i < kExcelMaxCellChars; ++i) euro += "€";
  EXPECT_EQ(excel_cell_text(euro).size(), euro.size());
  euro += "€€";
  const auto cut = excel_cell_text(euro);
  EXPECT_EQ(cut.size(), kExcelMaxCellChars * 3);
  EXPECT_EQ(cut.substr(cut.size() - 3), "€");
}

TEST(ExcelHyperlink, HttpAndHttpsOnly) {
  EXPECT_TRUE(excel_hyperlink("https://a.example/1?x=1,y=2"));
  EXPECT_TRUE(excel_hyperlink("HTTP://A.EXAMPLE"));
  EXPECT_TRUE(excel_hyperlink("https://例え.jp/パス"));
  EXPECT_FALSE(excel_hyperlink(""));
  EXPECT_FALSE(excel_hyperlink("u"));
  EXPECT_FALSE(excel_hyperlink("https://"));
  EXPECT_FALSE(excel_hyperlink("javascript:alert(1)"));
  EXPECT_FALSE(excel_hyperlink("ftp://a.example"));
  EXPECT_FALSE(excel_hyperlink("file:///etc/passwd"));
}

TEST(ExcelHyperlink, NoWhiteSpaceOrControlsAndAtMost2079Characters) {
  EXPECT_FALSE(excel_hyperlink("https://a.example/with space"));
  EXPECT_FALSE(excel_hyperlink("https://a.example/\nx"));
  EXPECT_FALSE(excel_hyperlink(std::string("https://a.example/\x7f", 19)));
  const std::string base = "https://a.example/";
  EXPECT_TRUE(excel_hyperlink(base + std::string(kExcelMaxUrlChars - base.size(), 'x')));
  EXPECT_FALSE(excel_hyperlink(base + std::string(kExcelMaxUrlChars - base.size() + 1, 'x')));
}

TEST(ExcelDateSerial, CountsDaysFrom1899_12_30InUtc) {
  EXPECT_DOUBLE_EQ(excel_date_serial(0), 25569.0);
  EXPECT_DOUBLE_EQ(excel_date_serial(86'400'000), 25570.0);
  EXPECT_DOUBLE_EQ(excel_date_serial(43'200'000), 25569.5);
  // 2026-11-20T23:54:14.123Z: Excel shows 46346 for 2026-11-20.
  const double serial = excel_date_serial(1795218854123);
  EXPECT_EQ(static_cast<long>(serial), 46346);
  EXPECT_NEAR((serial - 46346) * 86400, 23 * 3600 + 54 * 60 + 14.123, 1e-3);
}

TEST(LineageCellText, TheKeysQAloneInTheRowsOwnLocale) {
  const KeySpelling row{"Is coffee good?", "en", "us", ""};
  EXPECT_EQ(lineage_cell_text({"Coffee", "en", "us", ""}, row), "Coffee");
  // Compared in key form: hl and gl in any case, the city case-folded and white space collapsed.
  EXPECT_EQ(lineage_cell_text({"Coffee", "EN", "US", ""}, row), "Coffee");
  EXPECT_EQ(lineage_cell_text({"kaffee", "de", "de", "münchen"}, {"warum", "DE", "de", "  MÜNCHEN "}), "kaffee");
}

TEST(LineageCellText, AnotherLocaleFollowsTheQ) {
  const KeySpelling row{"Is coffee good?", "en", "us", ""};
  EXPECT_EQ(lineage_cell_text({"Kaffee", "de", "de", ""}, row), "Kaffee (de-de)");
  EXPECT_EQ(lineage_cell_text({"Coffee", "en", "gb", "London"}, row), "Coffee (en-gb, London)");
  EXPECT_EQ(lineage_cell_text({"Coffee", "en", "us", "Austin"}, row), "Coffee (en-us, Austin)");
  // The row's city, not the key's: the key has none.
  EXPECT_EQ(lineage_cell_text({"Coffee", "en", "us", ""}, {"q", "en", "us", "Austin"}), "Coffee (en-us)");
  // A spelling that is no valid locale is compared as it is.
  EXPECT_EQ(lineage_cell_text({"Coffee", "x", "y", ""}, {"q", "x", "y", ""}), "Coffee");
  EXPECT_EQ(lineage_cell_text({"Coffee", "X", "y", ""}, {"q", "x", "y", ""}), "Coffee (X-y)");
}

}  // namespace
}  // namespace paa::exporting
