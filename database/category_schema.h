#pragma once
// The typed columns of each category's table: what the import, export, command line and catalog
// browser read and write. The SQL in catalog_migrations.cpp creates the same columns; a test keeps
// the two in step.

#include "hardware/part_category.h"

#include <limits>
#include <span>
#include <string_view>

namespace torchrig::db {

enum class FieldType { Integer, Real, Text, Boolean, Choice };

inline constexpr double kNoMin = std::numeric_limits<double>::lowest();
inline constexpr double kNoMax = std::numeric_limits<double>::max();

struct FieldSpec {
    std::string_view column;
    FieldType type;
    std::string_view label;
    std::string_view unit; // as shown beside the figure: "GB/s", "TFLOPS"; empty when it has none
    bool required;
    std::span<const std::string_view> choices; // FieldType::Choice only
    double min;
    double max;
};

struct CategorySchema {
    PartCategory category;
    std::string_view table;
    std::span<const FieldSpec> fields;
};

const CategorySchema& categorySchema(PartCategory category);
// The few fields that tell parts of a category apart at a glance, in the order a list shows them
// (VRAM, bandwidth, FP16 rate and power for a GPU).
std::span<const std::string_view> keyFields(PartCategory category);
const FieldSpec* findField(PartCategory category, std::string_view column);

// The columns every part has, whatever its category, in file order.
inline constexpr std::string_view kCommonColumnsBeforeFields[] = {"id", "name", "vendor", "aliases"};
inline constexpr std::string_view kCommonColumnsAfterFields[] = {"source", "as_of", "confidence", "notes"};

} // namespace torchrig::db
