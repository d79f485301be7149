#include "hardware/part_category.h"

#include <catch2/catch.hpp>

using namespace torchrig;

TEST_CASE("Every category's id reads back, and common spellings are understood", "[core][category]") {
    for (auto category : kAllPartCategories)
        CHECK(categoryFromString(categoryId(category)) == category);
    CHECK(categoryFromString("RAM") == PartCategory::MemoryKit);
    CHECK(categoryFromString("instance") == PartCategory::CloudInstance);
    CHECK_FALSE(categoryFromString("toaster").has_value());
}
