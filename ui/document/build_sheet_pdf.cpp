#include "document/build_sheet_pdf.h"

#include "analysis/qcustomplot_include.h"

#include <QBuffer>
#include <QFontDatabase>
#include <QPdfWriter>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace torchrig::ui {

namespace {

QString qt(const std::string& text) {
    return QString::fromStdString(text);
}

// One pass over the sheet: measures everything and, unless dry, paints it. The first pass counts
// the pages so that the second can say "page N of M".
class SheetLayout {
public:
    SheetLayout(QCPPainter& painter, QPagedPaintDevice& device, const plan::BuildSheet& sheet, int pageCount,
                bool dry)
        : m_painter(painter)
        , m_device(device)
        , m_sheet(sheet)
        , m_pageCount(pageCount)
        , m_dry(dry) {
        const double dpi = device.logicalDpiY();
        m_mm = dpi / 25.4;
        m_left = 18 * m_mm;
        m_width = device.width() - 36 * m_mm;
        m_top = 16 * m_mm;
        m_bottom = device.height() - 18 * m_mm; // the footer below
        m_family = sheetFontFamily(sheet.language);
    }

    int run() {
        m_y = m_top;
        if (!m_sheet.institution.empty()) // the lab's institution heads its form
            text(qt(m_sheet.institution), font(11, true), 2 * m_mm);
        text(qt(m_sheet.title), font(17, true), 3 * m_mm);
        text(qt(m_sheet.subtitle), font(9, false, true), 5 * m_mm);
        for (const auto& section : m_sheet.sections)
            paintSection(section);
        footer();
        return m_page;
    }

private:
    QFont font(double points, bool bold = false, bool italic = false) const {
        QFont f(m_family.isEmpty() ? QStringLiteral("DejaVu Sans") : m_family);
        f.setPointSizeF(points);
        f.setBold(bold);
        f.setItalic(italic);
        // Any letter spacing turns HarfBuzz's ligatures off in Qt: "fits" stays f-i-t-s in the
        // PDF's text, so that search and copy find the word (Qt 6.4 has no QFont::setFeature).
        f.setLetterSpacing(QFont::AbsoluteSpacing, 0.1); // 0.1 px at 300 dpi: 0.01 mm
        return f;
    }

    // Text wrapped at word boundaries, and inside a word only when it is wider than the line (a
    // long part number); Chinese breaks between characters. Measured and drawn by the same layout.
    double block(const QString& content, const QFont& f, double width, QPointF at, Qt::Alignment align,
                 bool paint) {
        // A line end in the text (a build's notes, one a line) breaks the line: QTextLayout takes
        // only Unicode's line separator as one and would run "3090)the" together.
        QString text = content;
        text.replace(QLatin1Char('\n'), QChar::LineSeparator);
        QTextLayout layout(text, f, &m_device);
        QTextOption option(align);
        option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
        layout.setTextOption(option);
        layout.beginLayout();
        double height = 0;
        const double leading = QFontMetricsF(f, &m_device).leading();
        for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
            line.setLineWidth(width);
            line.setPosition(QPointF(0, height));
            height += line.height() + leading;
        }
        layout.endLayout();
        if (paint && !m_dry)
            layout.draw(&m_painter, at);
        return height;
    }

    double heightOf(const QString& content, const QFont& f, double width) {
        return block(content, f, width, {}, Qt::AlignLeft, false);
    }

    void newPage() {
        footer();
        if (!m_dry)
            m_device.newPage();
        ++m_page;
        m_y = m_top;
    }

    void ensure(double height) {
        if (m_y + height > m_bottom && m_y > m_top)
            newPage();
    }

    void text(const QString& content, const QFont& f, double spaceAfter, double indent = 0) {
        const double h = heightOf(content, f, m_width - indent);
        ensure(h);
        m_painter.setPen(Qt::black);
        block(content, f, m_width - indent, QPointF(m_left + indent, m_y), Qt::AlignLeft, true);
        m_y += h + spaceAfter;
    }

    void paintSection(const plan::SheetSection& section) {
        if (section.startsPage && m_y > m_top)
            newPage();
        // A heading is never left alone at the foot of a page.
        ensure(heightOf(qt(section.heading), font(12.5, true), m_width) + 14 * m_mm);
        m_y += 2 * m_mm;
        text(qt(section.heading), font(12.5, true), 1.5 * m_mm);
        if (!m_dry) {
            m_painter.setPen(QPen(QColor(0x40, 0x60, 0x90), 0.3 * m_mm));
            m_painter.drawLine(QPointF(m_left, m_y), QPointF(m_left + m_width, m_y));
        }
        m_y += 2 * m_mm;
        facts(section.facts);
        for (const auto& paragraph : section.paragraphs)
            text(qt(paragraph), font(9), 2 * m_mm);
        for (const auto& chart : section.charts)
            memoryChart(chart);
        for (const auto& table : section.tables)
            this->table(table, section.signatureLines);
        for (const auto& bullet : section.bullets) {
            // A hanging indent: the bullet in the margin, wrapped lines under the text.
            const auto f = font(8.5);
            const double h = heightOf(qt(bullet), f, m_width - 6 * m_mm);
            ensure(h);
            m_painter.setPen(Qt::black);
            block(QStringLiteral("•"), f, 3 * m_mm, QPointF(m_left + 2 * m_mm, m_y), Qt::AlignLeft, true);
            block(qt(bullet), f, m_width - 6 * m_mm, QPointF(m_left + 6 * m_mm, m_y), Qt::AlignLeft, true);
            m_y += h + 0.8 * m_mm;
        }
    }

    void facts(const std::vector<std::pair<std::string, std::string>>& items) {
        const double labelWidth = m_width * 0.3;
        const auto labelFont = font(9, true), valueFont = font(9);
        for (const auto& [label, value] : items) {
            const double h = std::max(heightOf(qt(label), labelFont, labelWidth - 2 * m_mm),
                                      heightOf(qt(value), valueFont, m_width - labelWidth));
            ensure(h);
            m_painter.setPen(Qt::black);
            block(qt(label), labelFont, labelWidth - 2 * m_mm, QPointF(m_left, m_y), Qt::AlignLeft, true);
            block(qt(value), valueFont, m_width - labelWidth, QPointF(m_left + labelWidth, m_y),
                  Qt::AlignLeft, true);
            m_y += h + 0.8 * m_mm;
        }
        if (!items.empty())
            m_y += 1.5 * m_mm;
    }

    // Rows break across pages, each page starting with the header again; a row is never split.
    // The columns' widths on the page: as the table asks, except that a number never wraps (a
    // price broken as "13,499.0 / 0" misreads): a right-aligned column is widened to its widest cell,
    // the room taken from the text columns in proportion.
    std::vector<double> columnWidths(const plan::SheetTable& t, const QFont& cellFont, double pad) const {
        double total = 0;
        for (double w : t.widths)
            total += w;
        std::vector<double> widths;
        for (double w : t.widths)
            widths.push_back(m_width * w / total);
        const QFontMetricsF metrics(cellFont, &m_device);
        double deficit = 0, flexible = 0;
        for (std::size_t i = 0; i < widths.size(); ++i) {
            if (i >= t.alignRight.size() || !t.alignRight[i]) {
                flexible += widths[i];
                continue;
            }
            double need = 0;
            for (const auto& row : t.rows)
                if (i < row.size())
                    need = std::max(need, metrics.horizontalAdvance(qt(row[i])) + 2 * pad + 0.5 * m_mm);
            if (need > widths[i]) {
                deficit += need - widths[i];
                widths[i] = need;
            }
        }
        if (deficit > 0 && flexible > 0) {
            const double keep = std::max(0.4, 1 - deficit / flexible); // text wraps; it may not vanish
            for (std::size_t i = 0; i < widths.size(); ++i)
                if (i >= t.alignRight.size() || !t.alignRight[i])
                    widths[i] *= keep;
        }
        return widths;
    }

    void table(const plan::SheetTable& t, bool signatures) {
        const double pad = 1.2 * m_mm;
        const auto headerFont = font(8.5, true), cellFont = font(8.5);
        const auto widths = columnWidths(t, cellFont, pad);
        auto rowHeight = [&](const std::vector<std::string>& cells, const QFont& f) -> double {
            double h = signatures ? 9 * m_mm : 0;
            for (std::size_t i = 0; i < cells.size() && i < widths.size(); ++i)
                h = std::max(h, heightOf(qt(cells[i]), f, widths[i] - 2 * pad) + 2 * pad);
            return std::max(h, heightOf(QStringLiteral("X"), f, 100 * m_mm) + 2 * pad);
        };
        auto paintRow = [&](const std::vector<std::string>& cells, const QFont& f, double h, bool header) {
            if (m_dry)
                return;
            double x = m_left;
            if (header)
                m_painter.fillRect(QRectF(m_left, m_y, m_width, h), QColor(0xe4, 0xea, 0xf2));
            for (std::size_t i = 0; i < widths.size(); ++i) {
                m_painter.setPen(QPen(QColor(0xa0, 0xa8, 0xb4), 0.15 * m_mm));
                m_painter.drawRect(QRectF(x, m_y, widths[i], h));
                m_painter.setPen(Qt::black);
                const auto align =
                    (!header && i < t.alignRight.size() && t.alignRight[i]) ? Qt::AlignRight : Qt::AlignLeft;
                if (i < cells.size())
                    block(qt(cells[i]), f, widths[i] - 2 * pad, QPointF(x + pad, m_y + pad), align, true);
                x += widths[i];
            }
        };
        const double headerHeight = rowHeight(t.header, headerFont);
        auto header = [&] {
            paintRow(t.header, headerFont, headerHeight, true);
            m_y += headerHeight;
        };
        ensure(headerHeight + (t.rows.empty() ? 0 : rowHeight(t.rows.front(), cellFont)));
        header();
        for (const auto& row : t.rows) {
            const double h = rowHeight(row, cellFont);
            if (m_y + h > m_bottom) {
                newPage();
                header();
            }
            paintRow(row, cellFont, h, false);
            m_y += h;
        }
        m_y += 1.5 * m_mm;
        for (const auto& line : t.totals)
            text(qt(line), font(9.5, true), 0.8 * m_mm);
        m_y += 2 * m_mm;
    }

    // One stacked bar of the GPU's memory by kind, with its usable memory as a line: vector
    // graphics, drawn by QCustomPlot on the sheet's own painter.
    void memoryChart(const plan::SheetMemoryChart& chart) {
        const double height = 42 * m_mm;
        ensure(height + 8 * m_mm);
        text(qt(chart.title), font(9.5, true), 1 * m_mm);
        if (!m_dry) {
            QCustomPlot plot;
            plot.setGeometry(0, 0, 900, 220);
            // Pixel sizes: the plot is drawn on a 900-unit canvas scaled to the page, and a point
            // size would be taken at the PDF's 300 dpi instead.
            QFont small = font(7);
            small.setPixelSize(15);
            plot.xAxis->setLabel(QStringLiteral("GiB"));
            plot.xAxis->setLabelFont(small);
            plot.xAxis->setTickLabelFont(small);
            plot.yAxis->setVisible(false);
            plot.legend->setVisible(true);
            plot.legend->setFont(small);
            plot.legend->setBrush(Qt::NoBrush);
            plot.legend->setBorderPen(Qt::NoPen);
            plot.legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
            plot.legend->setWrap(4);
            plot.axisRect()->insetLayout()->take(plot.legend);
            plot.plotLayout()->addElement(1, 0, plot.legend);
            plot.plotLayout()->setRowStretchFactor(1, 0.001);
            static const QColor colors[] = {{0x4c, 0x72, 0xb0}, {0xdd, 0x84, 0x52}, {0x55, 0xa8, 0x68},
                                            {0xc4, 0x4e, 0x52}, {0x81, 0x72, 0xb3}, {0x93, 0x78, 0x60},
                                            {0xda, 0x8b, 0xc3}, {0x8c, 0x8c, 0x8c}, {0xcc, 0xb9, 0x74}};
            QCPBars* below = nullptr;
            double sum = 0;
            for (std::size_t i = 0; i < chart.parts.size(); ++i) {
                auto* bars = new QCPBars(plot.yAxis, plot.xAxis);
                bars->setName(qt(chart.parts[i].first));
                const double gibibytes = static_cast<double>(chart.parts[i].second) / (1LL << 30);
                bars->addData(1, gibibytes);
                bars->setWidth(0.6);
                bars->setBrush(colors[i % std::size(colors)]);
                bars->setPen(QPen(Qt::white, 0.5));
                if (below)
                    bars->moveAbove(below);
                below = bars;
                sum += gibibytes;
            }
            double top = sum;
            if (chart.usableBytes > 0) {
                const double usable = static_cast<double>(chart.usableBytes) / (1LL << 30);
                auto* line = new QCPItemStraightLine(&plot);
                line->point1->setCoords(usable, 0);
                line->point2->setCoords(usable, 2);
                line->setPen(QPen(QColor(0xb0, 0x20, 0x20), 2, Qt::DashLine));
                auto* label = new QCPItemText(&plot);
                label->position->setCoords(usable, 1.72);
                label->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
                label->setFont(small);
                label->setColor(QColor(0xb0, 0x20, 0x20));
                label->setText(QString::fromStdString(chart.usableLabel) + QLatin1Char(' ') +
                               QString::number(usable, 'f', 1) + QStringLiteral(" GiB "));
                top = std::max(top, usable);
            }
            plot.yAxis->setRange(0.3, 1.9);
            plot.xAxis->setRange(0, std::max(1.0, top * 1.08));
            // Drawn at the widget's size and scaled to the page, so fonts keep their proportions.
            m_painter.save();
            m_painter.translate(m_left, m_y);
            const double scale = m_width / 900.0;
            m_painter.scale(scale, scale);
            plot.toPainter(&m_painter, 900, 220);
            m_painter.restore();
        }
        m_y += height + 3 * m_mm;
    }

    void footer() {
        if (m_dry)
            return;
        const auto f = font(7.5);
        m_painter.setFont(f);
        m_painter.setPen(QColor(0x55, 0x55, 0x55));
        const double y = m_bottom + 6 * m_mm;
        m_painter.drawLine(QPointF(m_left, y - 1.5 * m_mm), QPointF(m_left + m_width, y - 1.5 * m_mm));
        const QRectF box(m_left, y, m_width, 6 * m_mm);
        m_painter.drawText(box, Qt::AlignLeft | Qt::AlignTop, qt(m_sheet.footer));
        m_painter.drawText(box, Qt::AlignRight | Qt::AlignTop,
                           qt(m_sheet.pageLabel).arg(m_page).arg(std::max(m_pageCount, m_page)));
    }

    QCPPainter& m_painter;
    QPagedPaintDevice& m_device;
    const plan::BuildSheet& m_sheet;
    int m_pageCount = 0;
    bool m_dry = false;
    QString m_family;
    double m_mm = 1, m_left = 0, m_width = 0, m_top = 0, m_bottom = 0, m_y = 0;
    int m_page = 1;
};

} // namespace

QString sheetFontFamily(plan::SheetLanguage language) {
    const auto families = QFontDatabase::families();
    const QStringList wanted =
        language == plan::SheetLanguage::Chinese
            ? QStringList{QStringLiteral("WenQuanYi Micro Hei"), QStringLiteral("Noto Sans CJK SC"),
                          QStringLiteral("WenQuanYi Zen Hei")}
            : QStringList{QStringLiteral("DejaVu Sans"), QStringLiteral("Liberation Sans")};
    for (const auto& family : wanted)
        if (families.contains(family))
            return family;
    return {};
}

int paintBuildSheet(const plan::BuildSheet& sheet, QPagedPaintDevice& device) {
    QCPPainter painter(&device);
    painter.setRenderHint(QPainter::Antialiasing);
    const int pages = SheetLayout(painter, device, sheet, 0, /*dry=*/true).run();
    return SheetLayout(painter, device, sheet, pages, /*dry=*/false).run();
}

Result<int> writeBuildSheetPdf(const plan::BuildSheet& sheet, const QString& path,
                               const SheetPageSetup& setup, ExistingTarget existing) {
    if (sheet.language == plan::SheetLanguage::Chinese && sheetFontFamily(sheet.language).isEmpty())
        return makeError(
            ErrorCode::NotFound,
            "no Chinese font is installed: install Debian's fonts-wqy-microhei (or fonts-noto-cjk) "
            "and write the sheet again");
    QByteArray pdf;
    QBuffer file(&pdf);
    file.open(QIODevice::WriteOnly);
    int pages = 0;
    {
        QPdfWriter writer(&file);
        writer.setPageSize(QPageSize(setup.size));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0));
        writer.setResolution(300);
        writer.setTitle(qt(sheet.title));
        writer.setCreator(QStringLiteral("TorchRig"));
        pages = paintBuildSheet(sheet, writer);
    }
    if (auto written =
            writeFileAtomically(path.toStdString(), std::string_view(pdf.constData(), pdf.size()), existing);
        !written)
        return written.error();
    return pages;
}

} // namespace torchrig::ui
