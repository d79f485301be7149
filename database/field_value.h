#pragma once
// Reading a typed column's value from text (files, the command line, the editor) and writing it back.

#include "category_schema.h"
#include "part_record.h"
#include "util/result.h"

#include <string>
#include <string_view>

namespace torchrig::db {

// Empty text is "not known"; a required field must not be empty. The error message names the
// field and says what is expected, e.g. "vram_gb: \"24G\" is not a number (GB, e.g. 24)".
Result<FieldValue> parseFieldValue(const FieldSpec& field, std::string_view text);
// The value as a file or the command line writes it ("24", "1008.5", "fp32", "" for unknown).
std::string formatFieldValue(const FieldValue& value);
// The value as a person reads it, with its unit ("24 GB", "yes").
std::string displayFieldValue(const FieldSpec& field, const FieldValue& value);
// Checks a value that did not come from text (JSON, the UI): its type, range and choices.
Status checkFieldValue(const FieldSpec& field, const FieldValue& value);

} // namespace torchrig::db
