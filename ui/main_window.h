#pragma once

#include "catalog.h"
#include "plan/build_sheet.h"

#include <QMainWindow>
#include <QStringList>

class QDockWidget;
class QMenu;
class QStackedWidget;

#include <memory>

namespace torchrig::ui {

class AnalysisPanel;
class Autosave;
class BuildChecks;
class BuildDocument;
class BuildEditor;
class CatalogBrowser;
class IssuesPanel;
class PlanDialog;
class PurchasingPanel;
class StartPage;
class WorkloadEditor;

// The catalog docked on the left, the build in the middle with its analysis below, the workload
// and the Issues dock on the right; one build document open at a time.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(std::unique_ptr<db::Catalog> catalog, QWidget* parent = nullptr);
    ~MainWindow() override;

    CatalogBrowser* catalogBrowser() const { return m_browser; }
    BuildDocument* document() const { return m_document; }
    BuildEditor* buildEditor() const { return m_buildEditor; }
    WorkloadEditor* workloadEditor() const { return m_workloadEditor; }
    AnalysisPanel* analysis() const { return m_analysis; }
    IssuesPanel* issues() const { return m_issues; }
    StartPage* startPage() const { return m_start; }
    PurchasingPanel* purchasing() const { return m_purchasing; }
    // File ▸ Plan for a workload… (and the start page's button): the planner's window, opened with
    // the shown build's workloads; null while it is closed.
    void showPlanDialog();
    PlanDialog* planDialog() const { return m_planDialog; }
    // The start page is shown until a build is opened, made from a preset or started empty.
    bool showsStartPage() const;
    void showStartPage();

    // The catalog part selected in the browser, added to the build (Enter in the catalog).
    void addSelectedPart();
    // A catalog part by id, added to the build (a drop from the catalog); false: no such part.
    bool addCatalogPart(const QString& partId);
    bool openFile(const QString& path); // says what is wrong in a message box when it cannot
    // The builds opened or saved last, newest first (QSettings).
    static QStringList recentFiles();
    // Unsaved work a TorchRig that stopped left behind: offered back, one document at a time.
    void offerRecovery();
    bool saveFile(const QString& path);
    // What File > Export and Print put on the build's sheet: the catalog's figures and the
    // Preferences' currency, rate, tax, shipping, electricity price and hours.
    static plan::SheetLanguage appSheetLanguage();
    plan::BuildSheetOptions sheetOptions(plan::SheetLanguage language) const;

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void createDocks();
    void addLabStatus();
    void createMenus(); // main_window_menus.cpp
    void showAbout();
    void exportSheetDialog();
    void updateCatalogDialog();
    void printSheet();
    void updateTitle();
    bool maybeSave(); // false: the user cancelled
    void newBuild();
    void showBuildPage();
    void startFromPreset(const QString& presetId);
    void openDialog();
    bool saveDialog();
    void rememberRecent(const QString& path);
    void fillRecentMenu();

    std::unique_ptr<db::Catalog> m_catalog;
    BuildDocument* m_document = nullptr;
    CatalogBrowser* m_browser = nullptr;
    BuildEditor* m_buildEditor = nullptr;
    WorkloadEditor* m_workloadEditor = nullptr;
    AnalysisPanel* m_analysis = nullptr;
    BuildChecks* m_checks = nullptr;
    IssuesPanel* m_issues = nullptr;
    PurchasingPanel* m_purchasing = nullptr;
    QList<QDockWidget*> m_docks;
    Autosave* m_autosave = nullptr;
    QMenu* m_recentMenu = nullptr;
    QStackedWidget* m_pages = nullptr;
    StartPage* m_start = nullptr;
    QWidget* m_buildPage = nullptr;
    PlanDialog* m_planDialog = nullptr;
    bool m_docksSized = false;
    QList<QDockWidget*> m_docksHiddenForStart; // shown again when the build is
};

} // namespace torchrig::ui
