#include "part_details_view.h"

#include "document/message_translation.h"

#include <QGuiApplication>
#include <QPalette>

#include "category_schema.h"
#include "field_value.h"

namespace torchrig::ui {

namespace {

QString text(std::string_view value) {
    return QString::fromUtf8(value.data(), static_cast<qsizetype>(value.size())).toHtmlEscaped();
}

QString confidenceBadge(Confidence confidence) {
    switch (confidence) {
    case Confidence::High: return PartDetailsView::tr("high");
    case Confidence::Medium: return PartDetailsView::tr("medium");
    case Confidence::Low:
        return PartDetailsView::tr("<span style='color:#b00020'>low: check before relying on it</span>");
    }
    return {};
}

} // namespace

PartDetailsView::PartDetailsView(QWidget* parent)
    : QTextBrowser(parent) {
    setOpenExternalLinks(false);
    showPart(nullptr);
}

void PartDetailsView::showPart(const db::PartRecord* part) {
    if (!part) {
        setHtml(tr("<p style='color:%1'>Select a part to see its figures, their sources and prices.</p>")
                    .arg(QGuiApplication::palette().color(QPalette::PlaceholderText).name()));
        return;
    }
    setHtml(toHtml(*part));
}

QString PartDetailsView::toHtml(const db::PartRecord& part) {
    QString html;
    html += QStringLiteral("<h3>%1</h3>").arg(text(part.name));
    html += QStringLiteral("<p>%1 · %2 · <code>%3</code>")
                .arg(catalogLabel(categoryLabel(part.category)), text(part.vendor), text(part.id));
    if (part.origin == db::PartOrigin::User)
        html += tr(" · <b>your part</b>");
    else if (part.origin == db::PartOrigin::Edited)
        html += tr(" · <b>edited by you</b>");
    html += QStringLiteral("</p>");
    html += tr("<p><b>Source:</b> %1<br><b>As of:</b> %2 · <b>Confidence:</b> %3</p>")
                .arg(text(part.provenance.source), text(part.provenance.asOf),
                     confidenceBadge(part.provenance.confidence));
    html += QStringLiteral("<table cellspacing='0' cellpadding='3' border='0' width='100%'>");
    // Labels muted in the theme's own placeholder colour, readable in light and dark alike.
    const auto muted = QGuiApplication::palette().color(QPalette::PlaceholderText).name();
    for (const auto& field : db::categorySchema(part.category).fields) {
        auto value = db::displayFieldValue(field, part.field(field.column));
        QString source;
        if (auto it = part.fieldProvenance.find(field.column); it != part.fieldProvenance.end())
            source = tr("<br><small>%1 (as of %2, confidence %3)</small>")
                         .arg(text(it->second.source), text(it->second.asOf),
                              confidenceBadge(it->second.confidence));
        html += QStringLiteral("<tr><td style='color:%4'>%1</td><td align='right'><b>%2</b>%3</td></tr>")
                    .arg(catalogLabel(field.label), text(value), source, muted);
    }
    html += QStringLiteral("</table>");
    if (!part.prices.empty()) {
        html += tr("<h4>Prices</h4><table cellspacing='0' cellpadding='3'>");
        for (auto it = part.prices.rbegin(); it != part.prices.rend(); ++it) {
            const auto seenAt = priceSeenAt(*it);
            html += QStringLiteral("<tr><td>%1</td><td align='right'><b>%2 "
                                   "%3%4</b></td><td>%5</td><td><small>%6</small></td></tr>")
                        .arg(text(it->date), QString::number(it->amount, 'f', 2), text(it->currency),
                             isHourly(it->kind) ? tr("/h") : QString(), text(priceKindId(it->kind)),
                             text(seenAt.empty() ? it->source : seenAt + " · " + it->source));
        }
        html += QStringLiteral("</table>");
    } else {
        html += tr("<p style='color:%1'>No price recorded.</p>").arg(muted);
    }
    if (!part.notes.empty())
        html += tr("<p><b>Notes:</b> %1</p>").arg(text(part.notes));
    return html;
}

} // namespace torchrig::ui
