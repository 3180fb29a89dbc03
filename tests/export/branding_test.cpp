// --title and --logo (branding.hpp): what a logo is by its bytes, what a title may hold, and the
// brief's header with them.
#include "paa/export/branding.hpp"
#include "paa/export/brief/brief.hpp"

#include "support/temp_dir.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace paa::exporting {
namespace {

const std::string kPngSignature("\x89PNG\r\n\x1a\n", 8);

TEST(Branding, ALogoIsAPngOrAnSvgByItsBytesNotItsName) {
  EXPECT_EQ(logo_type_of(kPngSignature + "rest"), LogoType::png);
  EXPECT_EQ(logo_type_of("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), LogoType::svg);
  EXPECT_EQ(logo_type_of("\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<!-- a <svg> comment -->\n<!DOCTYPE svg>\n<svg\n/>"),
            LogoType::svg);
  for (const char* not_one : {"", "<svgx/>", "<html><svg/></html>", "GIF89a", "<!-- never closed <svg/>", "\xFF<svg />"}) {
    EXPECT_EQ(logo_type_of(not_one), LogoType::none) << not_one;
  }
}

TEST(Branding, ALogoIsEmbeddedAsADataUrl) {
  Branding b;
  b.logo = kPngSignature;
  b.logo_type = LogoType::png;
  EXPECT_EQ(b.logo_data_url(), "data:image/png;base64,iVBORw0KGgo=");
  b.logo = "<svg/>";
  b.logo_type = LogoType::svg;
  EXPECT_EQ(b.logo_data_url(), "data:image/svg+xml;base64,PHN2Zy8+");
}

TEST(Branding, ATitleIsOneLineOfAtMostTwoHundredCharacters) {
  EXPECT_TRUE(read_branding("", "")->empty());
  EXPECT_EQ(read_branding("Café – ACME", "")->title, "Café – ACME");
  EXPECT_TRUE(read_branding(std::string(200, 'x'), ""));
  for (const std::string& bad : {std::string(201, 'x'), std::string("two\nlines"), std::string("tab\there"),
                                 std::string("bad \xC3")}) {
    auto b = read_branding(bad, "");
    ASSERT_FALSE(b) << bad;
    EXPECT_EQ(b.error().kind(), errc::invalid_input);
  }
}

TEST(Branding, ALogoFileIsReadAndCheckedOrNamedWithWhatToDo) {
  const ::paa::test::TempDir tmp;
  std::ofstream(tmp.path() / "big.png", std::ios::binary) << kPngSignature << std::string(kMaxLogoBytes, 'x');
  auto big = read_branding("", tmp.path() / "big.png");
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error().kind(), errc::invalid_input);
  EXPECT_NE(big.error().message.find("is larger than 256 KiB"), std::string::npos);
  std::ofstream(tmp.path() / "logo.jpg", std::ios::binary) << "\xFF\xD8\xFF\xE0";
  auto jpeg = read_branding("", tmp.path() / "logo.jpg");
  ASSERT_FALSE(jpeg);
  EXPECT_NE(jpeg.error().message.find("is neither a PNG nor an SVG file (read by its bytes, not its name)"),
            std::string::npos);
  auto missing = read_branding("", tmp.path() / "none.png");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind(), errc::io);
  std::ofstream(tmp.path() / "ok.svg") << "<svg xmlns=\"http://www.w3.org/2000/svg\"/>";
  auto ok = read_branding("ACME", tmp.path() / "ok.svg");
  ASSERT_TRUE(ok) << ok.error().message;
  EXPECT_EQ(ok->logo_type, LogoType::svg);
  EXPECT_EQ(ok->title, "ACME");
}

TEST(Branding, TheBriefLeadsWithTheTitleAndTheHtmlOneWithTheLogo) {
  Brief b;
  b.title = "espresso machine";
  b.locale = "en-us";
  b.branding.title = "ACME *coffee* <b>";
  b.branding.logo = "<svg/>";
  b.branding.logo_type = LogoType::svg;
  const std::string md = test::render([&](BufferedOutput& out) { write_brief_markdown(b, out); });
  EXPECT_TRUE(md.starts_with("**ACME \\*coffee\\* \\<b\\>**\n\n# espresso machine\n")) << md;
  const std::string html = test::render([&](BufferedOutput& out) { write_brief_html(b, out); });
  EXPECT_NE(html.find("<header>\n<p class=\"brand\"><img class=\"logo\" alt=\"\" src=\"data:image/svg+xml;base64,PHN2Zy8+\">"
                      "ACME *coffee* &lt;b&gt;</p>\n<h1>"),
            std::string::npos)
      << html.substr(0, 2000);
}

}  // namespace
}  // namespace paa::exporting
