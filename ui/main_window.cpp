#include "main_window.h"

#include "analysis/analysis_panel.h"
#include "build/build_checks.h"
#include "build/build_editor.h"
#include "build/issues_panel.h"
#include "catalog_browser.h"
#include "compare/compare_dialog.h"
#include "document/autosave.h"
#include "document/build_document.h"
#include "document/build_sheet_export.h"
#include "document/message_translation.h"
#include "help/glossary.h"
#include "part_snapshot.h"
#include "planner/plan_dialog.h"
#include "purchasing/purchasing_panel.h"
#include "settings/settings_dialog.h"
#include "start/start_page.h"
#include "workload/workload_editor.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDesktopServices>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPrintDialog>
#include <QPrinter>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QShowEvent>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QUndoStack>
#include <QUrl>

#include <algorithm>

namespace torchrig::ui {

MainWindow::MainWindow(std::unique_ptr<db::Catalog> catalog, QWidget* parent)
    : QMainWindow(parent)
    , m_catalog(std::move(catalog))
    , m_document(new BuildDocument(this)) {
    // Every cost the app shows falls back on the catalog's dated reference rates.
    setCatalogReferenceRates(m_catalog->pack().referenceRates);
    m_browser = new CatalogBrowser(*m_catalog, this);
    m_checks = new BuildChecks(*m_document, PlanningSettings::load().circuit(), this);
    m_buildEditor = new BuildEditor(*m_document, m_checks, this);
    m_issues = new IssuesPanel(*m_document, *m_checks, db::catalogChoices(*m_catalog), this);
    m_workloadEditor = new WorkloadEditor(*m_document, this);
    m_analysis = new AnalysisPanel(*m_document, this);

    auto* centre = new QSplitter(Qt::Vertical, this);
    centre->addWidget(m_buildEditor);
    centre->addWidget(m_analysis);
    centre->setStretchFactor(0, 1);
    centre->setStretchFactor(1, 1);
    m_buildPage = centre;
    m_start = new StartPage(this);
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(m_start);
    m_pages->addWidget(centre);
    setCentralWidget(m_pages);
    connect(m_start, &StartPage::presetChosen, this, &MainWindow::startFromPreset);
    connect(m_start, &StartPage::recentChosen, this, [this](const QString& path) { openFile(path); });
    connect(m_start, &StartPage::emptyBuildChosen, this, [this] {
        m_document->reset({});
        showBuildPage();
    });
    connect(m_start, &StartPage::openChosen, this, &MainWindow::openDialog);
    connect(m_start, &StartPage::planChosen, this, &MainWindow::showPlanDialog);
    createDocks();

    m_analysis->setCatalog(db::catalogGpus(*m_catalog), db::cloudOffers(*m_catalog));
    m_analysis->setPlanningSettings(PlanningSettings::load());
    m_buildEditor->setCostOptions(PlanningSettings::load().costOptions());
    m_analysis->setValidationStore(m_catalog.get());
    m_autosave = new Autosave(*m_document, Autosave::defaultFolder(), this);
    createMenus();
    connect(m_browser->table(), &QTableView::activated, this, &MainWindow::addSelectedPart);
    connect(m_buildEditor, &BuildEditor::partDropped, this, &MainWindow::addCatalogPart);
    connect(m_issues, &IssuesPanel::partsSelected, m_buildEditor, &BuildEditor::selectParts);
    connect(m_workloadEditor, &WorkloadEditor::modelFileRejected, this,
            [this](const QString& message) { QMessageBox::warning(this, tr("Model file"), message); });
    connect(m_document, &BuildDocument::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &BuildDocument::filePathChanged, this, &MainWindow::updateTitle);
    connect(m_document, &BuildDocument::buildChanged, this, &MainWindow::updateTitle);
    // Any change to the document (a file opened, a part added, a recovery) shows the build.
    connect(m_document, &BuildDocument::buildChanged, this, &MainWindow::showBuildPage);
    m_pages->setCurrentWidget(m_buildPage);
    showStartPage(); // until a build is opened or started
    auto showCount = [this](int count) {
        const auto& status = m_catalog->userStatus();
        QString user = status.state == db::UserDatabaseState::Writable
                           // Named, not located: a path is the user's business, not the screen's.
                           ? tr("your parts: %1").arg(QString::fromStdString(status.path.filename().string()))
                           : tr("your parts database is not in use");
        statusBar()->showMessage(tr("%n part(s) shown · %1", nullptr, count).arg(user));
    };
    connect(m_browser, &CatalogBrowser::shownPartsChanged, this, showCount);
    showCount(m_browser->shownParts());
    // Which catalog pack the figures and prices come from, always in view: a price's age is read against it.
    const auto& pack = m_catalog->pack();
    auto* packLabel = new QLabel(
        tr("Catalog %1 of %2").arg(QString::fromStdString(pack.version), QString::fromStdString(pack.date)));
    packLabel->setObjectName(QStringLiteral("catalogPack"));
    packLabel->setToolTip(m_catalog->packNotice().empty()
                              ? tr("Signed off by %1. File ▸ Update catalog… installs a newer pack.")
                                    .arg(QString::fromStdString(pack.signedOffBy))
                              : QString::fromStdString(m_catalog->packNotice()));
    statusBar()->addPermanentWidget(packLabel);
    addLabStatus();
    updateTitle();
    // 1440×860 where the screen has room; a laptop's screen, less its panels, otherwise.
    const auto available = screen() ? screen()->availableGeometry().size() : QSize(1440, 860);
    resize(std::min(1440, available.width()), std::min(860, available.height()));
}

MainWindow::~MainWindow() = default;

// Which database what the lab shares is in, always in view: the lab's (connected, as whom), its
// last copy (offline, read-only), or none.
void MainWindow::addLabStatus() {
    const auto& lab = m_catalog->labStatus();
    if (lab.state == db::LabState::None)
        return;
    auto* label = new QLabel(this);
    label->setObjectName(QStringLiteral("labStatus"));
    const auto name = QString::fromStdString(lab.lab);
    if (lab.state == db::LabState::Connected) {
        label->setText(tr("Lab: %1 · you are %2").arg(name, QString::fromStdString(lab.member)));
        label->setToolTip(
            tr("Prices, quotes, validation runs and calibrations are the lab's, shared with its "
               "members. %n run(s) recorded offline were pushed on opening.",
               nullptr, lab.pushedRuns));
    } else {
        label->setText(lab.copyShown ? tr("Lab offline: last copy, read-only")
                                     : tr("Lab offline: no copy kept here yet, read-only"));
        label->setToolTip(QString::fromStdString(lab.message));
    }
    statusBar()->addPermanentWidget(label);
}

// The catalog on the left; the workload, the issues and, tabbed with them, the purchasing on the right.
void MainWindow::createDocks() {
    auto* catalogDock = new QDockWidget(tr("Catalog"), this);
    catalogDock->setObjectName(QStringLiteral("catalog"));
    catalogDock->setWidget(m_browser);
    addDockWidget(Qt::LeftDockWidgetArea, catalogDock);
    auto* workloadDock = new QDockWidget(tr("Workload"), this);
    workloadDock->setObjectName(QStringLiteral("workload"));
    auto* workloadScroll = new QScrollArea(workloadDock);
    workloadScroll->setWidgetResizable(true);
    workloadScroll->setFrameShape(QFrame::NoFrame);
    workloadScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    workloadScroll->setWidget(m_workloadEditor);
    // The form's fields whole: the dock never narrower than the form (its scroll bar beside).
    workloadScroll->setMinimumWidth(m_workloadEditor->minimumSizeHint().width() +
                                    workloadScroll->verticalScrollBar()->sizeHint().width() + 4);
    workloadDock->setWidget(workloadScroll);
    addDockWidget(Qt::RightDockWidgetArea, workloadDock);
    auto* issuesDock = new QDockWidget(tr("Issues"), this);
    issuesDock->setObjectName(QStringLiteral("issues"));
    issuesDock->setWidget(m_issues);
    addDockWidget(Qt::RightDockWidgetArea, issuesDock);
    // Who asks, the budget code, the vendors' quotes and the notes: beside the Issues, one click away.
    m_purchasing = new PurchasingPanel(*m_document, this);
    auto* purchasingDock = new QDockWidget(tr("Purchasing"), this);
    purchasingDock->setObjectName(QStringLiteral("purchasing"));
    purchasingDock->setWidget(m_purchasing);
    tabifyDockWidget(issuesDock, purchasingDock);
    issuesDock->raise();
    m_docks = {catalogDock, workloadDock, issuesDock, purchasingDock};
}

void MainWindow::updateTitle() {
    setWindowTitle(tr("%1[*] — %2 — TorchRig")
                       .arg(m_document->displayName(), QString::fromStdString(m_document->build().title)));
    setWindowModified(m_document->isModified());
}

void MainWindow::addSelectedPart() {
    const auto id = m_browser->selectedPartId();
    if (!id.isEmpty())
        addCatalogPart(id);
}

bool MainWindow::addCatalogPart(const QString& partId) {
    auto part = m_catalog->find(partId.toStdString());
    if (!part) {
        statusBar()->showMessage(tr("The catalog has no part %1").arg(partId), 6000);
        return false;
    }
    // A server that ships its GPUs brings them along, in one step to undo: they are in its price.
    const auto snapshot = db::partSnapshot(*part);
    const auto shipped = m_catalog->find(snapshot.text("gpu_part_id"));
    const auto shippedCount = static_cast<int>(snapshot.number("gpu_count").value_or(0));
    const auto& parts = m_document->build().parts;
    const bool addGpus = part->category == PartCategory::Server && shipped && shippedCount > 0 &&
                         std::none_of(parts.begin(), parts.end(),
                                      [&](const plan::BuildPart& p) { return p.partId == shipped->id; });
    m_document->undoStack()->beginMacro(tr("Add %1").arg(QString::fromStdString(part->name)));
    m_document->addPart({part->id, 1, {}, snapshot});
    if (addGpus)
        m_document->addPart({shipped->id, shippedCount, tr("ships with the server").toStdString(),
                             db::partSnapshot(*shipped)});
    m_document->undoStack()->endMacro();
    statusBar()->showMessage(addGpus ? tr("Added %1 with its %2 × %3")
                                           .arg(QString::fromStdString(part->name))
                                           .arg(shippedCount)
                                           .arg(QString::fromStdString(shipped->name))
                                     : tr("Added %1").arg(QString::fromStdString(part->name)),
                             4000);
    return true;
}

bool MainWindow::openFile(const QString& path) {
    if (auto opened = m_document->open(path); !opened) {
        QMessageBox::warning(this, tr("Cannot open the build"), appText(opened.error().message));
        return false;
    }
    rememberRecent(path);
    return true;
}

namespace {
const QString kRecentKey = QStringLiteral("recentFiles");
constexpr int kRecentCount = 8;
} // namespace

void MainWindow::rememberRecent(const QString& path) {
    QSettings settings;
    auto recent = settings.value(kRecentKey).toStringList();
    const auto absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kRecentCount)
        recent.removeLast();
    settings.setValue(kRecentKey, recent);
}

QStringList MainWindow::recentFiles() {
    return QSettings().value(kRecentKey).toStringList();
}

void MainWindow::fillRecentMenu() {
    m_recentMenu->clear();
    const auto recent = recentFiles();
    for (int i = 0; i < recent.size(); ++i) {
        const auto path = recent.at(i);
        m_recentMenu
            ->addAction(tr("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                        [this, path] {
                            if (maybeSave())
                                openFile(path);
                        })
            ->setToolTip(path);
    }
    if (recent.isEmpty())
        m_recentMenu->addAction(tr("(none yet)"))->setEnabled(false);
}

bool MainWindow::saveFile(const QString& path) {
    if (auto saved = m_document->saveAs(path); !saved) {
        QMessageBox::warning(this, tr("Cannot save the build"), appText(saved.error().message));
        return false;
    }
    statusBar()->showMessage(tr("Saved %1").arg(path), 4000);
    rememberRecent(path);
    return true;
}

bool MainWindow::maybeSave() {
    if (!m_document->isModified())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved changes"),
        tr("%1 has changes that are not saved. Save them?").arg(m_document->displayName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save)
        return m_document->filePath().isEmpty() ? saveDialog() : saveFile(m_document->filePath());
    return true;
}

void MainWindow::newBuild() {
    if (!maybeSave())
        return;
    m_document->reset({});
    showStartPage();
}

bool MainWindow::showsStartPage() const {
    return m_pages->currentWidget() == m_start;
}

void MainWindow::showStartPage() {
    m_start->setRecentFiles(recentFiles());
    // The start page alone: the docks speak of a build, and there is none yet.
    if (m_pages->currentWidget() != m_start)
        for (auto* dock : m_docks)
            if (!dock->isHidden()) {
                m_docksHiddenForStart << dock;
                dock->hide();
            }
    m_pages->setCurrentWidget(m_start);
    m_start->setFocus();
}

void MainWindow::showBuildPage() {
    if (m_pages->currentWidget() == m_buildPage)
        return;
    m_pages->setCurrentWidget(m_buildPage);
    for (auto* dock : std::as_const(m_docksHiddenForStart))
        dock->show();
    if (m_docksHiddenForStart.contains(m_docks[2]))
        m_docks[2]->raise(); // the Issues before the Purchasing tab beside them
    m_docksHiddenForStart.clear();
}

void MainWindow::startFromPreset(const QString& presetId) {
    const auto* preset = plan::findBuildPreset(presetId.toStdString());
    if (!preset)
        return;
    auto build = db::presetBuild(*preset, *m_catalog, appTranslation());
    if (!build) {
        QMessageBox::warning(this, tr("Cannot start from this build"), appText(build.error().message));
        return;
    }
    m_document->reset(std::move(*build));
    showBuildPage();
    statusBar()->showMessage(tr("Started from “%1”: save it to keep it").arg(appText(preset->title)), 6000);
}

void MainWindow::showPlanDialog() {
    if (m_planDialog) {
        m_planDialog->raise();
        m_planDialog->activateWindow();
        return;
    }
    // The catalog as it is now (the user's own parts included), read each time the planner opens.
    auto planCatalog = std::make_shared<const plan::PlanCatalog>(db::planCatalog(*m_catalog));
    const auto workloads =
        showsStartPage() ? std::vector<plan::BuildWorkload>{} : m_document->build().workloads;
    m_planDialog = new PlanDialog(std::move(planCatalog), PlanningSettings::load(), workloads, this);
    m_planDialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_planDialog, &QObject::destroyed, this, [this] { m_planDialog = nullptr; });
    connect(m_planDialog, &PlanDialog::buildChosen, this, [this](const plan::Build& build) {
        if (!maybeSave())
            return;
        m_document->reset(build);
        showBuildPage();
        statusBar()->showMessage(
            tr("Opened the proposal “%1”: save it to keep it").arg(QString::fromStdString(build.title)),
            6000);
        if (m_planDialog)
            m_planDialog->close();
    });
    m_planDialog->show();
}

void MainWindow::openDialog() {
    if (!maybeSave())
        return;
    const auto path =
        QFileDialog::getOpenFileName(this, tr("Open a build"), QString(), tr("TorchRig builds (*.torchrig)"));
    if (!path.isEmpty())
        openFile(path);
}

bool MainWindow::saveDialog() {
    auto path = QFileDialog::getSaveFileName(this, tr("Save the build"), m_document->filePath(),
                                             tr("TorchRig builds (*.torchrig)"));
    if (path.isEmpty())
        return false;
    if (!path.endsWith(QStringLiteral(".torchrig")))
        path += QStringLiteral(".torchrig");
    return saveFile(path);
}

namespace {
// Below this many logical pixels the docks share one column (MainWindow::showEvent).
constexpr int kCompactWidth = 1150;
} // namespace

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (m_docksSized)
        return;
    // The docks' widths as shares of the window, so that a laptop's 1280 px leaves the centre room
    // for the parts' names and the analysis tabs' titles, and a 1920 px screen gives the catalog more.
    m_docksSized = true;
    const int w = width();
    if (w < kCompactWidth) {
        // Too narrow for three columns (a 1280 px screen at 125 % or 150 %): every dock a tab of one
        // column on the right, the workload first, so that the build and its charts keep the middle.
        auto* workload = m_docks[1];
        for (auto* dock : {m_docks[0], m_docks[2], m_docks[3]}) {
            addDockWidget(Qt::RightDockWidgetArea, dock);
            tabifyDockWidget(workload, dock);
        }
        workload->raise();
        resizeDocks({workload}, {std::clamp(w * 32 / 100, 300, 360)}, Qt::Horizontal);
        return;
    }
    resizeDocks({m_docks[0], m_docks[1]},
                {std::clamp(w * 27 / 100, 300, 560), std::clamp(w * 25 / 100, 300, 400)}, Qt::Horizontal);
    resizeDocks({m_docks[1], m_docks[2]}, {height() * 55 / 100, height() * 45 / 100}, Qt::Vertical);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (maybeSave())
        event->accept();
    else
        event->ignore();
}

void MainWindow::offerRecovery() {
    for (const auto& r : Autosave::findRecoverable(Autosave::defaultFolder())) {
        const auto name = r.originalPath.isEmpty() ? tr("an unsaved build") : r.originalPath;
        const auto answer = QMessageBox::question(
            this, tr("Recover unsaved work?"),
            tr("TorchRig stopped while %1 had changes that were not saved (autosaved %2). Recover them?")
                .arg(name, QLocale().toString(r.written.toLocalTime(), QLocale::ShortFormat)),
            QMessageBox::Yes | QMessageBox::No | QMessageBox::Cancel, QMessageBox::Yes);
        if (answer == QMessageBox::Cancel)
            return; // asked again at the next start
        if (answer == QMessageBox::No) {
            Autosave::discard(r);
            continue;
        }
        if (auto recovered = Autosave::recover(r, *m_document); !recovered)
            QMessageBox::warning(this, tr("Cannot recover"), appText(recovered.error().message));
        return; // one document at a time: the others wait for the next start
    }
}

// The sheet in the app's language unless the user picks the other: a Chinese app exports and prints
// a Chinese sheet.
plan::SheetLanguage MainWindow::appSheetLanguage() {
    return QLocale().language() == QLocale::Chinese ? plan::SheetLanguage::Chinese
                                                    : plan::SheetLanguage::English;
}

void MainWindow::exportSheetDialog() {
    // The language is chosen with the format: one PDF filter per language.
    const QString english = tr("PDF build sheet, English (*.pdf)");
    const QString chinese = tr("PDF build sheet, Chinese / 中文 (*.pdf)");
    const QString markdown = tr("Markdown (*.md)");
    const QString csv = tr("Components as CSV (*.csv)");
    const QString json = tr("Everything as JSON (*.json)");
    QString filter = appSheetLanguage() == plan::SheetLanguage::Chinese ? chinese : english;
    const auto base = m_document->filePath().isEmpty() ? QStringLiteral("build-sheet")
                                                       : QFileInfo(m_document->filePath()).completeBaseName();
    // Beside the build's file, else where the last sheet went, else the user's documents: never
    // the folder the app happened to start in.
    QSettings settings;
    auto folder = m_document->filePath().isEmpty() ? settings.value(QStringLiteral("exportFolder")).toString()
                                                   : QFileInfo(m_document->filePath()).absolutePath();
    if (folder.isEmpty())
        folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    auto path = QFileDialog::getSaveFileName(
        this, tr("Export the build sheet"), QDir(folder).filePath(base + QStringLiteral(".pdf")),
        QStringList{english, chinese, markdown, csv, json}.join(QStringLiteral(";;")), &filter);
    if (path.isEmpty())
        return;
    if (!sheetFormatOf(path)) { // no extension typed: the filter's
        const auto open = filter.lastIndexOf(QLatin1Char('.'));
        path += filter.mid(open, filter.size() - open - 1);
    }
    const auto language = filter == chinese ? plan::SheetLanguage::Chinese : plan::SheetLanguage::English;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    auto written = exportBuildSheet(m_document->build(), sheetOptions(language), path);
    QApplication::restoreOverrideCursor();
    if (!written) {
        QMessageBox::warning(this, tr("Export the build sheet"), appText(written.error().message));
        return;
    }
    settings.setValue(QStringLiteral("exportFolder"), QFileInfo(path).absolutePath());
    const auto wrote =
        *written > 0 ? tr("Wrote %1 (%n page(s)).", nullptr, *written).arg(path) : tr("Wrote %1.").arg(path);
    statusBar()->showMessage(wrote, 6000);
    QMessageBox done(QMessageBox::Information, tr("Export the build sheet"), wrote, QMessageBox::Close, this);
    auto* open = done.addButton(tr("Open it"), QMessageBox::AcceptRole);
    done.exec();
    if (done.clickedButton() == static_cast<QAbstractButton*>(open))
        QDesktopServices::openUrl(QUrl::fromLocalFile(path));
}

void MainWindow::printSheet() {
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageSize(QPageSize(QPageSize::A4));
    QPrintDialog dialog(&printer, this);
    dialog.setWindowTitle(tr("Print the build sheet"));
    if (dialog.exec() != QDialog::Accepted)
        return;
    paintBuildSheet(plan::makeBuildSheet(m_document->build(), sheetOptions(appSheetLanguage())), printer);
}

plan::BuildSheetOptions MainWindow::sheetOptions(plan::SheetLanguage language) const {
    auto options = sheetOptionsFor(m_document->build(), m_catalog.get(), language);
    const auto settings = PlanningSettings::load();
    options.cost = settings.costOptions();
    options.usage = settings.usagePlan();
    options.circuit = settings.circuit();
    options.institution = settings.sheetInstitution.toStdString();
    options.requiredFields = settings.requiredFieldLabels();
    return options;
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About TorchRig"),
                       tr("<p><b>TorchRig %1</b> plans the hardware for training PyTorch models.</p>"
                          "<p>Bundled catalog: %2</p>")
                           .arg(QCoreApplication::applicationVersion(),
                                QString::fromStdString(m_catalog->bundledPath().string()).toHtmlEscaped()));
}

void MainWindow::updateCatalogDialog() {
    const auto& user = m_catalog->userStatus();
    if (user.state != db::UserDatabaseState::Writable) {
        QMessageBox::warning(this, tr("Update catalog"),
                             tr("A catalog pack is installed beside your parts database, which cannot be "
                                "written now: %1")
                                 .arg(QString::fromStdString(user.message)));
        return;
    }
    const auto path = QFileDialog::getOpenFileName(this, tr("Install a catalog pack"), QString(),
                                                   tr("TorchRig catalog packs (*.sqlite);;All files (*)"));
    if (path.isEmpty())
        return;
    QApplication::setOverrideCursor(Qt::WaitCursor); // a copy of a few MB and an integrity check
    auto installed =
        db::installCatalogPack(path.toStdString(), m_catalog->pack(), db::installedPackPathFor(user.path));
    QApplication::restoreOverrideCursor();
    if (!installed) {
        QMessageBox::warning(this, tr("Update catalog"), appText(installed.error().message));
        return;
    }
    QMessageBox::information(
        this, tr("Update catalog"),
        tr("Catalog pack %1 of %2 is installed (%3 parts, %4 prices). Your own parts, prices and hidden "
           "rows are unchanged.\n\nRestart TorchRig to use it; the open build keeps the prices it was "
           "made with until you refresh its parts.")
            .arg(QString::fromStdString(installed->installed.version),
                 QString::fromStdString(installed->installed.date))
            .arg(installed->installed.parts)
            .arg(installed->installed.prices));
}

} // namespace torchrig::ui
