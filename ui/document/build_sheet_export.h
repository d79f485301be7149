#pragma once
// A build's sheet leaving the program: the options taken from the catalog (its size, the build's
// newest price date, the validation runs kept in the user database), and the file written in the
// format its extension names — PDF, Markdown, the components' CSV or JSON. The app's File menu and
// torchrig-cli report both come here.

#include "document/build_sheet_pdf.h"
#include "plan/build_sheet.h"
#include "util/result.h"

#include <QString>

#include <string>

namespace torchrig::db {
class Catalog;
}

namespace torchrig::ui {

enum class SheetFormat { Pdf, Markdown, Csv, Json };
// By the path's extension (.pdf, .md, .csv, .json); none for another.
std::optional<SheetFormat> sheetFormatOf(const QString& path);
// What to tell the user when sheetFormatOf(path) is none.
std::string unknownSheetFormatMessage(const QString& path);

// The sheet's options for a build: today's date (ISO), the app's version, the catalog named by its
// size and the build's newest price date, and the user database's validation runs, one line each.
plan::BuildSheetOptions sheetOptionsFor(const plan::Build& build, const db::Catalog* catalog,
                                        plan::SheetLanguage language);

// Writes the sheet in the format `path` names; a PDF's page count (0 for the text formats).
Result<int> exportBuildSheet(const plan::Build& build, const plan::BuildSheetOptions& options,
                             const QString& path, const SheetPageSetup& setup = {},
                             ExistingTarget existing = ExistingTarget::Replace);

} // namespace torchrig::ui
