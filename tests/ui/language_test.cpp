// The app in 简体中文: which language a system and a choice give, the embedded translations, and the
// widgets of the main window, its dialogs and message boxes walked for any text still the English
// source, whole or as a long piece of a message (core's findings, advice and notes included).

#include "analysis/advice_panel.h"
#include "analysis/analysis_panel.h"
#include "analysis/memory_chart.h"
#include "analysis/step_time_chart.h"
#include "build/build_editor.h"
#include "compare/compare_dialog.h"
#include "document/message_translation.h"
#include "help/glossary.h"
#include "main_window.h"
#include "planner/plan_dialog.h"
#include "purchasing/purchasing_panel.h"
#include "settings/language.h"
#include "settings/planning_settings.h"
#include "settings/settings_dialog.h"
#include "start/start_page.h"
#include "test_support.h"
#include "ui_test_builds.h"
#include "validate/validate_panel.h"
#include "validate/validation_history_dialog.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabBar>
#include <QTableWidget>
#include <QTimer>
#include <QTranslator>
#include <QXmlStreamReader>

#include <catch2/catch.hpp>

#include <functional>

#include <sys/stat.h>

using namespace torchrig;

namespace {

// The English texts the Chinese translation says otherwise, as tr() is given them, with their
// translation (names such as "FSDP" and formats such as "YYYY-MM-DD" stay as they are in both).
QHash<QString, QString> translatedSources() {
    QFile file(QStringLiteral(TORCHRIG_TEST_SOURCE_DIR "/resources/translations/torchrig_zh_CN.ts"));
    REQUIRE(file.open(QIODevice::ReadOnly));
    QHash<QString, QString> sources;
    QString source;
    QXmlStreamReader xml(&file);
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        if (xml.name() == QStringLiteral("source"))
            source = xml.readElementText();
        else if (xml.name() == QStringLiteral("translation") && xml.attributes().isEmpty())
            // A plural's forms are read as one text.
            if (const auto translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                !translation.isEmpty() && translation != source)
                sources.insert(source, translation);
    }
    REQUIRE_FALSE(xml.hasError());
    REQUIRE(sources.size() > 500);
    return sources;
}

// The texts of `shown` still in English: equal to a translated source, or holding a piece of one
// between its arguments long enough to be a sentence's (a message said into a longer text).
QStringList englishLeft(const QStringList& shown, const QHash<QString, QString>& sources) {
    static const QRegularExpression argument(QStringLiteral("%\\d|&"));
    QStringList pieces;
    for (auto it = sources.cbegin(); it != sources.cend(); ++it)
        for (const auto& piece : it.key().split(argument))
            if (piece.trimmed().size() >= 24 && !it.value().contains(piece))
                pieces << piece;
    QStringList english;
    for (const auto& text : shown) {
        if (sources.contains(text)) {
            english << text;
            continue;
        }
        for (const auto& piece : std::as_const(pieces))
            if (text.contains(piece)) {
                english << text + QStringLiteral("  ⟵  ") + piece;
                break;
            }
    }
    english.removeDuplicates();
    return english;
}

// The app's language for one test, and back to none (English sources) after it.
class LanguageForTest {
public:
    explicit LanguageForTest(const QString& language) {
        REQUIRE(ui::installLanguage(*QCoreApplication::instance(), language));
    }
    ~LanguageForTest() {
        for (auto* translator : QCoreApplication::instance()->findChildren<QTranslator*>()) {
            QCoreApplication::removeTranslator(translator);
            delete translator;
        }
        QLocale::setDefault(QLocale::c());
    }
    LanguageForTest(const LanguageForTest&) = delete;
    LanguageForTest& operator=(const LanguageForTest&) = delete;
};

// Every text a person can read on `root` and below: labels, buttons, titles, tabs, menus, combo
// items, placeholders, tooltips, column headers.
QStringList visibleTexts(QWidget* root) {
    QStringList texts;
    auto addAction = [&texts](const QAction* action) {
        texts << action->text() << action->toolTip();
    };
    std::function<void(const QMenu*)> addMenu = [&](const QMenu* menu) {
        texts << menu->title();
        for (const auto* action : menu->actions()) {
            addAction(action);
            if (action->menu())
                addMenu(action->menu());
        }
    };
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (auto* widget : widgets) {
        texts << widget->toolTip() << widget->accessibleName();
        if (auto* label = qobject_cast<QLabel*>(widget))
            texts << label->text();
        else if (auto* button = qobject_cast<QAbstractButton*>(widget))
            texts << button->text();
        else if (auto* box = qobject_cast<QGroupBox*>(widget))
            texts << box->title();
        else if (auto* dock = qobject_cast<QDockWidget*>(widget))
            texts << dock->windowTitle();
        else if (auto* line = qobject_cast<QLineEdit*>(widget))
            texts << line->placeholderText();
        else if (auto* combo = qobject_cast<QComboBox*>(widget)) {
            for (int i = 0; i < combo->count(); ++i)
                texts << combo->itemText(i);
        } else if (auto* tabs = qobject_cast<QTabBar*>(widget)) {
            for (int i = 0; i < tabs->count(); ++i)
                texts << tabs->tabText(i) << tabs->tabToolTip(i);
        } else if (auto* list = qobject_cast<QListWidget*>(widget)) {
            for (int i = 0; i < list->count(); ++i)
                texts << list->item(i)->text() << list->item(i)->toolTip();
        } else if (auto* bar = qobject_cast<QMenuBar*>(widget)) {
            for (const auto* action : bar->actions())
                if (action->menu())
                    addMenu(action->menu());
        } else if (auto* view = qobject_cast<QAbstractItemView*>(widget); view && view->model()) {
            for (int column = 0; column < view->model()->columnCount(); ++column)
                texts << view->model()->headerData(column, Qt::Horizontal).toString();
        }
        for (const auto* action : widget->actions())
            addAction(action);
    }
    texts.removeAll(QString());
    return texts;
}

// The texts of the modal window `open` shows (a dialog, a message box, a file dialog), read as soon
// as it is up, then closed.
QStringList modalTexts(const std::function<void()>& open) {
    QStringList texts;
    bool seen = false;
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        auto* modal = QApplication::activeModalWidget();
        if (!modal)
            return;
        seen = true;
        texts << modal->windowTitle() << visibleTexts(modal);
        if (auto* dialog = qobject_cast<QDialog*>(modal))
            dialog->reject();
        else
            modal->close();
    });
    poll.start();
    open();
    poll.stop();
    CHECK(seen);
    texts.removeAll(QString());
    return texts;
}

QAction* menuAction(QWidget* window, const char* source) {
    const auto text = QCoreApplication::translate("torchrig::ui::MainWindow", source);
    for (auto* menu : window->findChildren<QMenu*>())
        for (auto* action : menu->actions())
            if (action->text() == text)
                return action;
    FAIL("no menu item " << text.toStdString());
    return nullptr;
}

// The research preset started in Chinese (its title and notes in Chinese), with BERT-base planned.
std::unique_ptr<ui::MainWindow> chineseResearchWindow(test::TemporaryFolder& folder) {
    return test::presetWindow(
        folder, "research-2x-rtx-4090",
        [](plan::Build& build) { build.workloads.push_back(test::planned(test::bert(32))); },
        ui::appTranslation());
}

} // namespace

TEST_CASE("The language follows the choice, else a Simplified Chinese system, else English",
          "[ui][language]") {
    CHECK(ui::languageFor(QStringLiteral("system"), QLocale(QStringLiteral("zh_CN"))) ==
          QStringLiteral("zh_CN"));
    CHECK(ui::languageFor(QStringLiteral("system"), QLocale(QStringLiteral("zh_SG"))) ==
          QStringLiteral("zh_CN"));
    CHECK(ui::languageFor(QStringLiteral("system"), QLocale(QStringLiteral("de_DE"))) ==
          QStringLiteral("en"));
    CHECK(ui::languageFor(QStringLiteral("en"), QLocale(QStringLiteral("zh_CN"))) == QStringLiteral("en"));
    CHECK(ui::languageFor(QStringLiteral("zh_CN"), QLocale(QStringLiteral("en_US"))) ==
          QStringLiteral("zh_CN"));
    CHECK(ui::languageFor(QStringLiteral("klingon"), QLocale(QStringLiteral("en_GB"))) ==
          QStringLiteral("en"));
}

TEST_CASE("English speaks in plurals, Chinese in the embedded translation", "[ui][language]") {
    {
        LanguageForTest english(QStringLiteral("en"));
        CHECK(QCoreApplication::translate("torchrig::ui::MainWindow", "%n part(s) shown · %1", nullptr, 1) ==
              QStringLiteral("1 part shown · %1"));
        CHECK(QCoreApplication::translate("torchrig::ui::MainWindow", "%n part(s) shown · %1", nullptr, 3) ==
              QStringLiteral("3 parts shown · %1"));
    }
    LanguageForTest chinese(QStringLiteral("zh_CN"));
    CHECK(QCoreApplication::translate("torchrig::ui::MainWindow", "&File") == QStringLiteral("文件(&F)"));
    CHECK(QLocale().language() == QLocale::Chinese);
}

TEST_CASE("In Chinese, no text of the main window, its menus and Preferences is left as the English "
          "source",
          "[ui][language]") {
    const auto sources = translatedSources();
    LanguageForTest chinese(QStringLiteral("zh_CN"));
    test::TemporaryFolder folder;
    auto window = chineseResearchWindow(folder);
    window->resize(1280, 720);
    window->show();
    // The advice is said when its tab is shown.
    auto* advice = window->findChild<ui::AdvicePanel*>();
    REQUIRE(advice);
    auto* tabs = window->findChild<ui::AnalysisPanel*>()->tabs();
    tabs->setCurrentWidget(advice);
    // The sheet template's fields asked in the Purchasing dock, shown in front of the Issues.
    auto settings = ui::PlanningSettings::load();
    settings.sheetFields = QStringLiteral("项目名称");
    settings.save();
    window->purchasing()->showRequiredFields();
    for (auto* dock : window->findChildren<QDockWidget*>())
        if (dock->widget() == window->purchasing())
            dock->raise();
    ui::SettingsDialog preferences(ui::PlanningSettings{}, window.get());
    QStringList all;
    for (QWidget* root : {static_cast<QWidget*>(window.get()), static_cast<QWidget*>(&preferences)})
        all << visibleTexts(root);
    // The Validate tab's labels, with its chart, walked too.
    auto* validate = window->findChild<ui::ValidatePanel*>();
    REQUIRE(validate);
    tabs->setCurrentWidget(validate);
    all << visibleTexts(window.get());
    ui::PlanningSettings{}.save();
    CHECK(all.contains(QStringLiteral("在本机运行"))); // the Validate tab was read
    CHECK(all.contains(QStringLiteral("项目名称："))); // and the Purchasing dock's template field
    const int read = static_cast<int>(all.size());
    // The preset's title and the advice, said by core.
    CHECK_FALSE(all.filter(QStringLiteral("科研工作站：2 × RTX 4090")).isEmpty());
    CHECK_FALSE(all.filter(QStringLiteral("按文章的公式")).isEmpty());
    // core's findings in the Issues dock: said in Chinese too.
    CHECK_FALSE(all.filter(QStringLiteral("需要 40 条 PCIe 通道")).isEmpty());
    CHECK(all.filter(QStringLiteral("want 40 PCIe lanes")).isEmpty());
    // The catalog's categories, as tabs and in the build's parts.
    CHECK(all.contains(QStringLiteral("主板")));
    CHECK(all.contains(QStringLiteral("内存")));
    CHECK_FALSE(all.contains(QStringLiteral("Motherboard")));
    // The walk finds a message said in English inside a longer text.
    CHECK_FALSE(
        englishLeft({QStringLiteral("建议：the article's formula (parameters x 2 bytes) gives 1 GiB")},
                    sources)
            .isEmpty());
    const auto english = englishLeft(all, sources);
    INFO(english.join(QStringLiteral("\n")).toStdString());
    CHECK(read > 200);
    CHECK(english.isEmpty());
}

TEST_CASE("In Chinese, no text of the dialogs and message boxes is left as the English source",
          "[ui][language]") {
    const auto sources = translatedSources();
    LanguageForTest chinese(QStringLiteral("zh_CN"));
    test::TemporaryFolder folder;
    auto window = chineseResearchWindow(folder);
    window->show();
    QStringList all;
    // The dialogs of their own: comparing builds, the validation history, the glossary.
    const auto& build = window->document()->build();
    ui::CompareDialog compare({build, build}, {QStringLiteral("一"), QStringLiteral("二")}, window.get());
    ui::ValidationHistoryDialog history({}, window.get());
    ui::GlossaryDialog glossary(window.get());
    for (QDialog* dialog :
         {static_cast<QDialog*>(&compare), static_cast<QDialog*>(&history), static_cast<QDialog*>(&glossary)})
        all << dialog->windowTitle() << visibleTexts(dialog);
    // The planner with the research scenario planned: its form, proposals, details and summary.
    window->showPlanDialog();
    auto* planner = window->planDialog();
    REQUIRE(planner);
    const int research = planner->scenarioBox()->findData(QStringLiteral("research"));
    planner->scenarioBox()->setCurrentIndex(research);
    Q_EMIT planner->scenarioBox()->activated(research);
    all << planner->summaryLabel()->text(); // the scenario's sources and notes
    QSignalSpy planned(planner, &ui::PlanDialog::planned);
    planner->planButton()->click();
    REQUIRE(planned.wait(180'000));
    REQUIRE(planner->proposalTable()->rowCount() > 0);
    all << planner->windowTitle() << visibleTexts(planner);
    CHECK(planner->detailsLabel()->text().contains(QStringLiteral("每卡批大小")));
    planner->close();
    // What the menus open: the file dialogs (their titles and filters are the app's words) and the
    // message boxes.
    for (const char* item : {"&Open…", "Save &as…", "&Compare builds…", "&Import model…", "Update &catalog…",
                             "Export build s&heet…", "&About TorchRig"}) {
        const auto shown = modalTexts([&] { menuAction(window.get(), item)->trigger(); });
        INFO(item);
        CHECK(shown.size() >= 2);
        all << shown;
    }
    // A changed build asks before it is closed.
    window->document()->setTitle(QStringLiteral("改过的配置"));
    all << modalTexts([&] { menuAction(window.get(), "&New build…")->trigger(); });
    const auto english = englishLeft(all, sources);
    INFO(english.join(QStringLiteral("\n")).toStdString());
    CHECK(all.size() > 100);
    CHECK(english.isEmpty());
}

TEST_CASE("In Chinese, what cannot be estimated or opened is said in Chinese, the file's own words aside",
          "[ui][language]") {
    const auto sources = translatedSources();
    LanguageForTest chinese(QStringLiteral("zh_CN"));
    test::TemporaryFolder folder;
    // GPT-2 reads at most 1024 tokens: at 2048 the model cannot be built, and the summary says why.
    auto window = test::presetWindow(
        folder, "research-2x-rtx-4090",
        [](plan::Build& build) {
            Workload gpt2;
            gpt2.model = "gpt2";
            gpt2.inputs.batch = 4;
            gpt2.inputs.seqLen = 2048;
            build.workloads = {test::planned(gpt2)};
        },
        ui::appTranslation());
    window->show();
    QStringList all;
    const auto summary = window->findChild<ui::AnalysisPanel*>()->summary()->text();
    CHECK(summary.contains(QStringLiteral("2048")));
    CHECK(summary.contains(QStringLiteral("1024")));
    CHECK_FALSE(summary.contains(QStringLiteral("tokens")));
    all << summary;
    // Build files that cannot be opened: cut off while written, of another format, and a named pipe.
    const auto write = [&](const char* name, const char* text) {
        const auto path = folder.file(name);
        QFile file(QString::fromStdString(path.string()));
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(text);
        return QString::fromStdString(path.string());
    };
    const auto fifo = folder.file("pipe.torchrig");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    for (const auto& path : {write("cut.torchrig", "{\"format\": \"torchrig-build\", \"title\": \"实验室"),
                             write("other.torchrig", "{\"format\": \"something-else\"}"),
                             QString::fromStdString(fifo.string())}) {
        const auto shown = modalTexts([&] { window->openFile(path); });
        INFO(path.toStdString());
        CHECK(shown.size() >= 2);
        CHECK_FALSE(shown.filter(QFileInfo(path).fileName()).isEmpty());
        all << shown;
    }
    CHECK_FALSE(all.filter(QStringLiteral("FIFO")).isEmpty());
    // Planned, the workload fits no GPU of the catalog: the planner says why, and what would help.
    window->showPlanDialog();
    auto* planner = window->planDialog();
    REQUIRE(planner);
    QSignalSpy planned(planner, &ui::PlanDialog::planned);
    planner->planButton()->click();
    REQUIRE(planned.wait(180'000));
    CHECK(planner->proposalTable()->rowCount() == 0);
    const auto plannedSummary = planner->summaryLabel()->text();
    CHECK(plannedSummary.contains(QStringLiteral("目录中没有 GPU 能容纳全部训练任务")));
    CHECK(plannedSummary.contains(QStringLiteral("最多读取")));
    all << plannedSummary << visibleTexts(planner);
    planner->close();
    const auto english = englishLeft(all, sources);
    INFO(all.join(QStringLiteral("\n")).toStdString());
    INFO(english.join(QStringLiteral("\n")).toStdString());
    CHECK(english.isEmpty());
    // No four English words in a row outside the file names and paths the messages quote.
    static const QRegularExpression englishRun(QStringLiteral("[A-Za-z']+( [A-Za-z']+){3}"));
    for (auto text : std::as_const(all)) {
        text.remove(QString::fromStdString(folder.file("").string()));
        INFO(text.toStdString());
        CHECK_FALSE(text.contains(englishRun));
    }
}

TEST_CASE("A fresh start in Chinese is in yuan on a mainland circuit at the catalog's dated rates, and the "
          "research preset opens charted with its article's workload",
          "[ui][language]") {
    LanguageForTest chinese(QStringLiteral("zh_CN"));
    QSettings().clear(); // a fresh install
    const auto settings = ui::PlanningSettings::load();
    CHECK(settings.currency == QStringLiteral("CNY"));
    CHECK(settings.circuitAmps == 10);
    CHECK(settings.circuitVolts == 220);
    CHECK(settings.market == plan::Market::MainlandChina);
    // Preferences show it, and keep it.
    ui::SettingsDialog preferences(settings);
    CHECK(preferences.settings().market == plan::Market::MainlandChina);
    CHECK(preferences.settings().circuitAmps == 10);
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    window.resize(1280, 720);
    window.show();
    // No rate of the user's: the catalog's, dated (ECB, 2024-06-28).
    const auto options = ui::PlanningSettings::load().costOptions();
    REQUIRE(options.rates.count("USD"));
    CHECK(options.rates.at("USD") == Approx(7.7748 / 1.0705));
    CHECK(options.referenceRateDates.at("USD") == "2024-06-28");
    Q_EMIT window.startPage()->presetChosen(QStringLiteral("research-2x-rtx-4090"));
    REQUIRE_FALSE(window.showsStartPage());
    const auto& build = window.document()->build();
    REQUIRE(build.workloads.size() == 1);
    CHECK(build.workloads[0].workload.model == "bert-base-uncased");
    CHECK_THAT(build.notes,
               Catch::Contains("文章的目标（二.2）是用 DistributedDataParallel 多卡训练 Transformer 模型"));
    CHECK_FALSE(window.analysis()->memoryChart()->segments().empty());
    CHECK_FALSE(window.analysis()->stepTimeChart()->parts().empty());
    // The totals are in yuan, converted at the reference rate, said so in Chinese.
    const auto* cost = window.buildEditor()->costLabel();
    INFO(cost->text().toStdString());
    CHECK(cost->text().contains(QStringLiteral("CNY")));
    CHECK(cost->text().contains(QStringLiteral("2024-06-28 的参考汇率")));
    CHECK_FALSE(cost->text().contains(QStringLiteral("the rate has no date")));
}

TEST_CASE("The student's ¥30,000 Qwen2.5-7B LoRA plan, typed into the Chinese plan dialog, names a single "
          "card sold in mainland China within the budget, and says each lever it pulled",
          "[ui][language][plan]") {
    LanguageForTest chinese(QStringLiteral("zh_CN"));
    QSettings().clear(); // a fresh install: yuan, mainland China
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    window.show();
    window.startPage()->findChild<QPushButton*>(QStringLiteral("planForWorkload"))->click();
    auto* dialog = window.planDialog();
    REQUIRE(dialog);
    // The workload editor's own form: the model's defaults (LoRA on q_proj, v_proj), then the
    // student's sequence length and the largest batch that fits.
    auto* model = dialog->findChild<QComboBox*>(QStringLiteral("planModel"));
    model->setCurrentIndex(model->findData(QStringLiteral("qwen2.5-7b")));
    CHECK(dialog->findChild<QLineEdit*>(QStringLiteral("planLoraTargets"))->text() ==
          QStringLiteral("q_proj, v_proj"));
    dialog->findChild<QSpinBox*>(QStringLiteral("planSeqLen"))->setValue(2048);
    dialog->findChild<QCheckBox*>(QStringLiteral("planLargestBatch"))->setChecked(true);
    dialog->findChild<QPushButton*>(QStringLiteral("planAdd"))->click();
    REQUIRE(dialog->workloads().size() == 1);
    const auto& asked = dialog->workloads()[0];
    CHECK(asked.workload.lora.rank == 16);
    CHECK(asked.workload.inputs.seqLen == 2048);
    CHECK(asked.largestBatch);
    CHECK(dialog->budgetBox()->suffix().contains(QStringLiteral("CNY")));
    dialog->budgetBox()->setValue(30000);

    QSignalSpy planned(dialog, &ui::PlanDialog::planned);
    dialog->planButton()->click();
    REQUIRE(planned.wait(180'000));
    const auto shown = dialog->shownProposals();
    int singles = 0;
    for (std::size_t row = 0; row < shown.size(); ++row) {
        const auto& p = *shown[row].proposal;
        INFO(p.build.title);
        dialog->proposalTable()->selectRow(static_cast<int>(row));
        const auto details = dialog->detailsLabel()->text();
        for (const auto& w : p.workloads)
            if (!w.levers.empty()) // "qwen2.5-7b：每个块做激活检查点，每块 GPU 占用 19.9 / 24.0 GiB"
                CHECK(details.contains(QStringLiteral("每块 GPU 占用")));
        const auto& gpu = p.build.parts.front();
        if (gpu.quantity != 1 || p.build.nodes != 1 || !p.purchase || *p.purchase > 30000)
            continue;
        ++singles;
        CHECK(gpu.partId != "gpu/rtx-4090"); // not sold new there: the 4090 D is
        CHECK(p.cost.toBeQuotedLines == 0);
        CHECK(p.workloads[0].devicePeakBytes <= p.workloads[0].usableBytes);
    }
    CHECK(singles >= 1);
    CHECK(dialog->summaryLabel()->text().contains(QStringLiteral("美国出口管制")));
    dialog->close();
}
