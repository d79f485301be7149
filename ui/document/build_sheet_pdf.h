#pragma once
// Lays a build sheet (core/plan/build_sheet.h) out on A4 or Letter pages of a PDF: headings, facts,
// wrapped paragraphs, tables that break across pages with their header repeated, vector memory
// charts (QCustomPlot drawn on the PDF's painter), a footer with versions and page numbers. The
// same layout prints through QPrinter. Needs a QApplication (QCustomPlot is a widget); the CLI
// makes one on the offscreen platform.

#include "plan/build_sheet.h"
#include "util/result.h"
#include "util/text_file.h"

#include <QPageSize>
#include <QString>

class QPagedPaintDevice;

namespace torchrig::ui {

struct SheetPageSetup {
    QPageSize::PageSizeId size = QPageSize::A4;
};

// Writes the sheet to `path` (drawn in memory, then written as every file is, util/text_file.h: an
// existing file is replaced only by a whole sheet, and only with Replace). The number of pages, or
// what went wrong.
Result<int> writeBuildSheetPdf(const plan::BuildSheet& sheet, const QString& path,
                               const SheetPageSetup& setup,
                               ExistingTarget existing = ExistingTarget::Replace);
// Paints the sheet on a paged device already set up (a QPrinter from the print dialog).
int paintBuildSheet(const plan::BuildSheet& sheet, QPagedPaintDevice& device);

// The font family the sheet's language is set in, from the system's fonts: a CJK one for Chinese
// (WenQuanYi Micro Hei or Noto Sans CJK, from Debian's packages); empty when none is installed.
QString sheetFontFamily(plan::SheetLanguage language);

} // namespace torchrig::ui
