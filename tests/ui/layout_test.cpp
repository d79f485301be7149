// The window at a laptop's 1280×720: every analysis tab's chart text placed without collisions and
// inside its chart, legends beside or below the plot rather than over it, the tab titles whole, and
// the workload dock's fields inside the dock.

#include "analysis/analysis_panel.h"
#include "analysis/qcustomplot_include.h"
#include "document/build_document.h"
#include "main_window.h"
#include "part_snapshot.h"
#include "plan/build_presets.h"
#include "test_support.h"
#include "ui_test_builds.h"
#include "workload/workload_editor.h"

#include <QApplication>
#include <QScrollArea>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

#include <catch2/catch.hpp>

using namespace torchrig;

namespace {

struct Placed {
    QString what;
    QRectF rect;
    QRectF visible; // where it is drawn: the plot area when clipped to it, else the chart
};

// What a chart draws as text, in the plot's pixels: its text items and its legend.
std::vector<Placed> textOf(QCustomPlot& plot) {
    std::vector<Placed> out;
    for (int i = 0; i < plot.itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot.item(i)); text && text->visible())
            out.push_back(
                {QStringLiteral("text \"%1\"").arg(text->text()),
                 QRectF(text->topLeft->pixelPosition(), text->bottomRight->pixelPosition()).normalized(),
                 text->clipToAxisRect() && text->clipAxisRect() ? QRectF(text->clipAxisRect()->rect())
                                                                : QRectF(plot.rect())});
    return out;
}

// The bars' rectangles in pixels: text drawn over them cannot be read.
std::vector<QRectF> barsOf(QCustomPlot& plot) {
    std::vector<QRectF> out;
    for (int i = 0; i < plot.plottableCount(); ++i) {
        auto* bars = qobject_cast<QCPBars*>(plot.plottable(i));
        if (!bars)
            continue;
        for (auto it = bars->data()->constBegin(); it != bars->data()->constEnd(); ++it) {
            double base = bars->baseValue(); // plus the bars stacked below, at this key
            for (auto* below = bars->barBelow(); below; below = below->barBelow())
                if (auto found = below->data()->findBegin(it->key, false); found != below->data()->constEnd())
                    base += found->value;
            const double left = bars->keyAxis()->coordToPixel(it->key - bars->width() / 2);
            const double right = bars->keyAxis()->coordToPixel(it->key + bars->width() / 2);
            out.push_back(QRectF(QPointF(left, bars->valueAxis()->coordToPixel(base)),
                                 QPointF(right, bars->valueAxis()->coordToPixel(base + it->value)))
                              .normalized());
        }
    }
    return out;
}

std::string describe(const QRectF& r) {
    return QStringLiteral("(%1,%2 %3×%4)").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height()).toStdString();
}

void checkChart(QCustomPlot& plot, const QString& tab) {
    plot.replot(QCustomPlot::rpImmediateRefresh);
    const auto texts = textOf(plot);
    const QRectF bounds = plot.rect();
    const bool hasLegend = plot.legend && plot.legend->visible() && plot.legend->itemCount() > 0;
    const QRectF legend = hasLegend ? QRectF(plot.legend->outerRect()) : QRectF();
    const QRectF area = plot.axisRect()->rect();
    INFO(tab.toStdString() << ": " << plot.accessibleName().toStdString());
    if (hasLegend) {
        INFO("legend " << describe(legend) << " against the plot area " << describe(area));
        CHECK_FALSE(legend.intersects(area));
        CHECK(bounds.contains(legend));
        // Its entries whole: the legend got the width its text needs.
        CHECK(legend.width() >= plot.legend->minimumOuterSizeHint().width());
        CHECK(legend.height() >= plot.legend->minimumOuterSizeHint().height());
    }
    const auto bars = barsOf(plot);
    for (std::size_t i = 0; i < texts.size(); ++i) {
        INFO(texts[i].what.toStdString() << " " << describe(texts[i].rect) << " in " << describe(bounds));
        CHECK(texts[i].visible.contains(texts[i].rect));
        for (const auto& bar : bars) {
            INFO("over a bar " << describe(bar));
            CHECK_FALSE(texts[i].rect.intersects(bar));
        }
        if (hasLegend)
            CHECK_FALSE(texts[i].rect.intersects(legend));
        for (std::size_t j = i + 1; j < texts.size(); ++j) {
            INFO("over " << texts[j].what.toStdString() << " " << describe(texts[j].rect));
            CHECK_FALSE(texts[i].rect.intersects(texts[j].rect));
        }
    }
}

void walkTabs(ui::MainWindow& window) {
    auto* tabs = window.analysis()->tabs();
    auto* bar = tabs->tabBar();
    // Every title whole: the bar shows all tabs at their own width, without scrolling or eliding.
    INFO("tab bar " << bar->width() << " px for " << bar->sizeHint().width() << " px of titles");
    CHECK(bar->sizeHint().width() <= bar->width());
    for (int i = 0; i < tabs->count(); ++i) {
        CHECK(bar->rect().contains(bar->tabRect(i)));
        tabs->setCurrentIndex(i);
        QApplication::processEvents();
        for (auto* plot : tabs->widget(i)->findChildren<QCustomPlot*>())
            if (plot->isVisible())
                checkChart(*plot, tabs->tabText(i));
    }
}

} // namespace

TEST_CASE("At 1280×720 no chart text overlaps or leaves its chart, legends stay off the plot, and the "
          "tab titles are whole",
          "[ui][layout]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    auto build = db::presetBuild(*plan::findBuildPreset("research-2x-rtx-4090"), *catalog);
    REQUIRE(build.ok());
    Workload lora;
    lora.model = "llama-2-7b";
    lora.inputs.batch = 4;
    lora.inputs.seqLen = 1024;
    lora.precision = Precision::Bf16;
    lora.lora.rank = 16;
    lora.lora.alpha = 32;
    lora.lora.targets = {"q_proj", "v_proj"};
    build->workloads.push_back(test::planned(lora));
    Workload resnet;
    resnet.model = "resnet50";
    resnet.inputs.batch = 64;
    resnet.precision = Precision::AmpBf16;
    build->workloads.push_back(test::planned(resnet));
    Workload huge; // nothing fits: the batch chart says so
    huge.model = "llama-2-70b";
    huge.inputs.batch = 1;
    huge.inputs.seqLen = 4096;
    huge.precision = Precision::Bf16;
    build->workloads.push_back(test::planned(huge));

    ui::MainWindow window(std::move(catalog));
    // 1280×720 device pixels: at 125 % or 150 % (QT_SCALE_FACTOR) the window has fewer logical ones.
    const double scale = qEnvironmentVariableIsSet("QT_SCALE_FACTOR")
                             ? qEnvironmentVariable("QT_SCALE_FACTOR").toDouble()
                             : 1.0;
    window.resize(static_cast<int>(1280 / scale), static_cast<int>(720 / scale));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));

    // The first start: the start page, then an empty build's charts with nothing to draw.
    CHECK(window.showsStartPage());
    window.document()->reset({});
    QApplication::processEvents();
    walkTabs(window);

    window.document()->reset(*build);
    for (int shown : {0, 1, 2}) {
        window.document()->setCurrentWorkloadIndex(shown);
        QApplication::processEvents();
        walkTabs(window);
    }

    // The workload dock's fields inside the dock: nothing cut off on the right.
    auto* editor = window.workloadEditor();
    auto* scroll = qobject_cast<QScrollArea*>(editor->parentWidget()->parentWidget());
    REQUIRE(scroll);
    const int visibleWidth = scroll->viewport()->width();
    for (auto* field : editor->findChildren<QWidget*>()) {
        if (!field->isVisible() || field->parentWidget() == nullptr)
            continue;
        const auto right = field->mapTo(editor, QPoint(field->width(), 0)).x();
        INFO(field->metaObject()->className() << " " << field->accessibleName().toStdString() << " ends at "
                                              << right << " of " << visibleWidth);
        CHECK(right <= visibleWidth);
    }
}
