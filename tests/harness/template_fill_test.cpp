// fill_template: the slots of the pages that live as template files (report.html, replay.html).
#include "harness/text/template_fill.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace pathbench {
namespace {

TEST(TemplateFill, ReplacesEverySlotOnce) {
  EXPECT_EQ(fill_template("<h1>@TITLE@</h1><p>@TITLE@ @BODY@</p>", {{"TITLE", "t"}, {"BODY", "b"}}),
            "<h1>t</h1><p>t b</p>");
}

TEST(TemplateFill, ValuesAreNeverSearchedForSlots) {
  // A title that spells another slot's name stays as written.
  EXPECT_EQ(fill_template("@TITLE@|@BODY@", {{"TITLE", "@BODY@"}, {"BODY", "x"}}), "@BODY@|x");
}

TEST(TemplateFill, TextBetweenAtSignsThatNamesNoSlotIsKept) {
  EXPECT_EQ(fill_template("mail a@b.c, @X@ and 50@ @", {{"X", "1"}}), "mail a@b.c, 1 and 50@ @");
  EXPECT_EQ(fill_template("@@X@", {{"X", "1"}}), "@1");
}

TEST(TemplateFill, ASlotMissingFromThePageIsAnError) {
  EXPECT_THROW(fill_template("<p>@BODY@</p>", {{"BODY", "b"}, {"RENAMED", "r"}}), std::logic_error);
}

}  // namespace
}  // namespace pathbench
