// The Purchasing dock: requester, group, budget code, notes and vendor quotes typed into the app,
// undoable, saved in the build and priced into its totals.

#include "build/build_editor.h"
#include "build/build_parts_model.h"
#include "document/build_document.h"
#include "io/build_file.h"
#include "main_window.h"
#include "part_snapshot.h"
#include "plan/build_cost.h"
#include "plan/build_presets.h"
#include "plan/sheet_money.h"
#include "purchasing/purchasing_panel.h"
#include "purchasing/quotes_model.h"
#include "settings/planning_settings.h"
#include "test_support.h"
#include "ui_test_builds.h"

#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <catch2/catch.hpp>

#include <filesystem>

using namespace torchrig;

TEST_CASE("The Purchasing dock's fields and quotes are undoable edits, saved, and a part's quote prices "
          "its line",
          "[ui][purchasing]") {
    test::TemporaryFolder folder;
    auto shown = test::presetWindow(folder, "research-2x-rtx-4090");
    auto& window = *shown;
    auto* panel = window.purchasing();
    REQUIRE(panel);

    QTest::keyClicks(panel->budgetCodeEdit(), QStringLiteral("CS-2026-117"));
    QTest::keyClicks(panel->requesterEdit(), QStringLiteral("Li Wei"));
    CHECK(window.document()->build().purchasing.budgetCode == "CS-2026-117");
    CHECK(window.document()->build().purchasing.requester == "Li Wei");
    // Typing one field is one step: undo takes the whole requester away, then the budget code.
    window.document()->undoStack()->undo();
    CHECK(window.document()->build().purchasing.requester.empty());
    CHECK(panel->requesterEdit()->text().isEmpty());
    CHECK(window.document()->build().purchasing.budgetCode == "CS-2026-117");
    window.document()->undoStack()->redo();

    // A quote for the motherboard (no catalog price): its unit price in every total.
    auto* quotes = panel->quotesModel();
    panel->addQuoteButton()->click();
    REQUIRE(quotes->rowCount() == 1);
    CHECK(quotes->setData(quotes->index(0, ui::QuotesModel::VendorColumn), QStringLiteral("Jingdong"),
                          Qt::EditRole));
    CHECK(quotes->setData(quotes->index(0, ui::QuotesModel::PartColumn),
                          QStringLiteral("motherboard/asus-proart-z790-creator-wifi"), Qt::EditRole));
    CHECK(quotes->setData(quotes->index(0, ui::QuotesModel::AmountColumn), 3999.0, Qt::EditRole));
    CHECK(quotes->setData(quotes->index(0, ui::QuotesModel::CurrencyColumn), QStringLiteral("CNY"),
                          Qt::EditRole));
    // What is not a date, a currency or an amount is refused and changes nothing.
    CHECK_FALSE(quotes->setData(quotes->index(0, ui::QuotesModel::ValidUntilColumn),
                                QStringLiteral("2026-13-40"), Qt::EditRole));
    CHECK_FALSE(quotes->setData(quotes->index(0, ui::QuotesModel::CurrencyColumn), QStringLiteral("yuan"),
                                Qt::EditRole));
    CHECK_FALSE(quotes->setData(quotes->index(0, ui::QuotesModel::AmountColumn), -5.0, Qt::EditRole));
    const auto& quote = window.document()->build().purchasing.quotes.at(0);
    CHECK(quote.vendor == "Jingdong");
    CHECK(quote.amount == 3999.0);
    CHECK(quote.currency == "CNY");
    CHECK(quotes->data(quotes->index(0, ui::QuotesModel::PartColumn), Qt::DisplayRole).toString() ==
          QStringLiteral("ASUS ProArt Z790-CREATOR WIFI"));

    plan::CostOptions cny;
    cny.currency = "CNY";
    cny.rates["USD"] = 7.1;
    const auto cost = plan::costBuild(window.document()->build(), cny);
    bool priced = false;
    for (const auto& line : cost.lines)
        if (line.partId == "motherboard/asus-proart-z790-creator-wifi") {
            priced = line.quoted && line.subtotal && *line.subtotal == 3999.0;
            CHECK_FALSE(line.toBeQuoted);
        }
    CHECK(priced);

    QTest::keyClicks(panel->notesEdit(), QStringLiteral("deliver to room 305"));
    CHECK(window.document()->build().notes.find("deliver to room 305") != std::string::npos);

    const auto path = QString::fromStdString(folder.file("bought.torchrig").string());
    REQUIRE(window.saveFile(path));
    ui::BuildDocument reopened;
    REQUIRE(reopened.open(path).ok());
    CHECK(writeBuildFile(reopened.build()) == writeBuildFile(window.document()->build()));
    CHECK(reopened.build().purchasing.quotes.at(0).partId == "motherboard/asus-proart-z790-creator-wifi");

    // Removing the quote is one undo step away from coming back.
    panel->quotesTable()->setCurrentIndex(quotes->index(0, 0));
    panel->removeQuoteButton()->click();
    CHECK(quotes->rowCount() == 0);
    window.document()->undoStack()->undo();
    CHECK(quotes->rowCount() == 1);
}

TEST_CASE("A quote's VAT, the reason it was chosen and the budget are undoable edits the totals and the "
          "file keep",
          "[ui][purchasing][tax]") {
    test::TemporaryFolder folder;
    auto shown = test::presetWindow(folder, "research-2x-rtx-4090");
    auto& window = *shown;
    auto* panel = window.purchasing();
    auto* quotes = panel->quotesModel();
    const auto gpu = QStringLiteral("gpu/rtx-4090");
    for (const auto& [vendor, amount] : {std::pair{"京东", 13499.0}, std::pair{"苏宁", 13699.0}}) {
        panel->addQuoteButton()->click();
        const int row = quotes->rowCount() - 1;
        CHECK(quotes->setData(quotes->index(row, ui::QuotesModel::VendorColumn), QString::fromUtf8(vendor),
                              Qt::EditRole));
        CHECK(quotes->setData(quotes->index(row, ui::QuotesModel::PartColumn), gpu, Qt::EditRole));
        CHECK(quotes->setData(quotes->index(row, ui::QuotesModel::AmountColumn), amount, Qt::EditRole));
        CHECK(quotes->setData(quotes->index(row, ui::QuotesModel::CurrencyColumn), QStringLiteral("CNY"),
                              Qt::EditRole));
    }
    // A yuan quote includes VAT unless the user says otherwise, and the box says so.
    const auto taxCell = quotes->index(0, ui::QuotesModel::TaxColumn);
    CHECK(quotes->flags(taxCell).testFlag(Qt::ItemIsUserCheckable));
    CHECK(quotes->data(taxCell, Qt::CheckStateRole).toInt() == Qt::Checked);
    plan::CostOptions options;
    options.currency = "CNY";
    options.rates["USD"] = 7.1;
    options.rates["EUR"] = 7.7;
    options.taxPercent = 13;
    auto gpuLine = [&] {
        for (const auto& line : plan::costBuild(window.document()->build(), options).lines)
            if (line.partId == "gpu/rtx-4090")
                return line;
        FAIL("no GPU line");
        return plan::CostLine{};
    };
    CHECK(gpuLine().quotes.quote->vendor == "京东"); // the lower of the two
    CHECK(*gpuLine().gross == Approx(2 * 13499.0));
    CHECK(quotes->setData(taxCell, Qt::Unchecked, Qt::CheckStateRole));
    CHECK(window.document()->build().purchasing.quotes[0].taxIncluded == false);
    // With VAT added once 京东's is 15,253.87, above 苏宁's 13,699: that one prices the GPUs now.
    CHECK(gpuLine().quotes.quote->vendor == "苏宁");
    CHECK(*gpuLine().gross == Approx(2 * 13699.0));
    window.document()->undoStack()->undo();
    CHECK(quotes->data(taxCell, Qt::CheckStateRole).toInt() == Qt::Checked);
    // Chosen by hand with a reason: that quote prices the part.
    CHECK(quotes->setData(quotes->index(1, ui::QuotesModel::ChosenBecauseColumn),
                          QStringLiteral("ships this week"), Qt::EditRole));
    CHECK(gpuLine().quotes.usersChoice);
    CHECK(gpuLine().quotes.quote->vendor == "苏宁");

    // The budget: an amount in the currency of Preferences, one undo step however it was typed.
    auto* budget = panel->budgetEdit();
    REQUIRE(budget);
    budget->setValue(100000);
    CHECK(window.document()->build().purchasing.budget == 100000);
    CHECK(plan::isCurrencyCode(window.document()->build().purchasing.budgetCurrency));
    CHECK(budget->suffix().endsWith(
        QString::fromStdString(window.document()->build().purchasing.budgetCurrency)));
    const auto path = QString::fromStdString(folder.file("quoted.torchrig").string());
    REQUIRE(window.saveFile(path));
    ui::BuildDocument reopened;
    REQUIRE(reopened.open(path).ok());
    CHECK(reopened.build().purchasing == window.document()->build().purchasing);
    window.document()->undoStack()->undo();
    CHECK(window.document()->build().purchasing.budget == 0);
    CHECK(budget->value() == 0);
}

TEST_CASE("The fields the office requires are asked in the Purchasing dock, kept with the build and undoable",
          "[ui][purchasing][template]") {
    test::TemporaryFolder folder;
    auto settings = ui::PlanningSettings::load();
    settings.sheetFields = QStringLiteral("项目名称；存放地点; ");
    settings.save();
    auto shown = test::presetWindow(folder, "research-2x-rtx-4090");
    auto* panel = shown->purchasing();
    REQUIRE(panel->fieldEdit(QStringLiteral("项目名称")));
    REQUIRE(panel->fieldEdit(QStringLiteral("存放地点")));
    CHECK_FALSE(panel->fieldEdit(QString()));
    QTest::keyClicks(panel->fieldEdit(QStringLiteral("存放地点")), QStringLiteral("Room 305"));
    const auto& fields = shown->document()->build().purchasing.fields;
    REQUIRE(fields.size() == 1);
    CHECK(fields[0].label == "存放地点");
    CHECK(fields[0].value == "Room 305");
    // The template changes: a field the build answered stays asked, with its answer.
    settings.sheetFields = QStringLiteral("用途说明");
    settings.save();
    panel->showRequiredFields();
    REQUIRE(panel->fieldEdit(QStringLiteral("用途说明")));
    REQUIRE(panel->fieldEdit(QStringLiteral("存放地点")));
    CHECK(panel->fieldEdit(QStringLiteral("存放地点"))->text() == QStringLiteral("Room 305"));
    CHECK_FALSE(panel->fieldEdit(QStringLiteral("项目名称")));
    shown->document()->undoStack()->undo(); // the whole answer, one step
    CHECK(shown->document()->build().purchasing.fields.empty());
    CHECK_FALSE(panel->fieldEdit(QStringLiteral("存放地点")));
    ui::PlanningSettings{}.save();
}

TEST_CASE("Once a currency is chosen the parts table and the totals are in it, with the rate and its "
          "date, and a rate left at 1.0 is called out",
          "[ui][purchasing][currency]") {
    test::TemporaryFolder folder;
    // The memory kit as if no shop had priced it: a line to be quoted.
    auto shown = test::presetWindow(folder, "research-2x-rtx-4090", [](plan::Build& build) {
        REQUIRE(build.parts[2].partId == "memory/kingston-fury-beast-64gb-ddr5-5600");
        build.parts[2].snapshot.price.reset();
    });
    auto* editor = shown->buildEditor();
    auto* table = editor->findChild<QTableView*>();
    REQUIRE(table);
    plan::CostOptions cny;
    cny.currency = "CNY";
    cny.rates["USD"] = 7.1;
    cny.ratesDate = "2026-11-30";
    editor->setCostOptions(cny);
    const auto* model = table->model();
    const auto gpuUnit = model->index(0, ui::BuildPartsModel::UnitPriceColumn).data().toString();
    const double card =
        db::partSnapshot(*test::openCatalog(folder.file("prices.sqlite"))->find("gpu/rtx-4090"))
            .price->amount; // USD, the catalog's
    CHECK(gpuUnit == QString::fromStdString(plan::sheetMoney(card * 7.1, "CNY")));
    CHECK(model->index(0, ui::BuildPartsModel::SubtotalColumn).data().toString() ==
          QString::fromStdString(plan::sheetMoney(card * 7.1 * 2, "CNY")));
    CHECK(model->index(2, ui::BuildPartsModel::UnitPriceColumn).data().toString() ==
          QStringLiteral("to be quoted"));
    CHECK(editor->costLabel()->text().contains(QStringLiteral("at 1 USD = 7.1000 CNY (2026-11-30)")));
    CHECK(editor->costLabel()->text().contains(QStringLiteral("line(s) to be quoted")));
    CHECK_FALSE(editor->costLabel()->text().contains(QStringLiteral("default 1.0")));

    cny.rates["USD"] = 1.0; // a typed currency whose rate was never changed
    editor->setCostOptions(cny);
    CHECK(editor->costLabel()->text().contains(QStringLiteral("the rate from USD is the default 1.0")));
}

TEST_CASE("A build whose notes are longer than a build file keeps is refused at saving, with why, and "
          "keeps them",
          "[ui][purchasing]") {
    test::TemporaryFolder folder;
    ui::BuildDocument document;
    const std::string longNotes(70 * 1024, 'x');
    document.edit(QStringLiteral("notes"), [&](plan::Build& b) { b.notes = longNotes; });
    const auto path = folder.file("long.torchrig");
    const auto saved = document.saveAs(QString::fromStdString(path.string()));
    REQUIRE_FALSE(saved.ok());
    INFO(saved.error().text());
    CHECK(saved.error().text().find("notes is 71680 bytes long") != std::string::npos);
    CHECK(saved.error().text().find("Shorten it") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(path));
    CHECK(document.build().notes == longNotes);
    CHECK(document.isModified());
}

TEST_CASE("The quote editor refuses what the build file reader would refuse on opening, gives every new "
          "quote a currency, and says which quote has expired",
          "[ui][purchasing][hostile]") {
    test::TemporaryFolder folder;
    ui::BuildDocument document;
    ui::QuotesModel quotes(document);
    // No currency chosen in Preferences: the new quote is not left in none (the reader refuses "").
    quotes.addQuote(QString());
    REQUIRE(quotes.rowCount() == 1);
    CHECK(document.build().purchasing.quotes.at(0).currency == "USD");
    auto cell = [&](ui::QuotesModel::Column column) {
        return quotes.index(0, column);
    };
    CHECK_FALSE(quotes.setData(cell(ui::QuotesModel::AmountColumn), 1e300, Qt::EditRole));
    CHECK_FALSE(
        quotes.setData(cell(ui::QuotesModel::DateColumn), QStringLiteral("2026-02-30"), Qt::EditRole));
    CHECK_FALSE(
        quotes.setData(cell(ui::QuotesModel::DateColumn), QStringLiteral("0000-00-00"), Qt::EditRole));
    CHECK(quotes.setData(cell(ui::QuotesModel::DateColumn), QStringLiteral("2020-01-05"), Qt::EditRole));
    // Valid until before the quote's own date.
    CHECK_FALSE(
        quotes.setData(cell(ui::QuotesModel::ValidUntilColumn), QStringLiteral("2020-01-01"), Qt::EditRole));
    CHECK(
        quotes.setData(cell(ui::QuotesModel::ValidUntilColumn), QStringLiteral("2020-02-05"), Qt::EditRole));
    CHECK(cell(ui::QuotesModel::ValidUntilColumn).data(Qt::DisplayRole).toString() ==
          QStringLiteral("2020-02-05 (expired)"));
    CHECK(cell(ui::QuotesModel::ValidUntilColumn).data(Qt::EditRole).toString() ==
          QStringLiteral("2020-02-05"));
    // What the editor took, the reader opens.
    const auto path = folder.file("quoted.torchrig");
    REQUIRE(document.saveAs(QString::fromStdString(path.string())).ok());
    ui::BuildDocument reopened;
    CHECK(reopened.open(QString::fromStdString(path.string())).ok());
}
