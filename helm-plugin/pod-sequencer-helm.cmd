@echo off
rem pod-sequencer's Helm 4 post-renderer launcher for Windows (helm-plugin/plugin.yaml): runs
rem `pod-sequencer post-render` with Helm's arguments and streams. The same order as the POSIX
rem launcher (pod-sequencer-helm): %POD_SEQUENCER_BIN%, then the npm package this directory
rem belongs to (its real path: helm plugin install links the directory), then PATH.
setlocal
rem A leading post-render (Helm 3's --post-renderer-args post-render) is dropped: it is added below.
set ARGS=%*
if "%~1"=="post-render" set ARGS=%ARGS:~12%
if defined POD_SEQUENCER_BIN goto override
set "PKG="
for /f "usebackq delims=" %%P in (`node -e "const fs = require('fs'), path = require('path'); process.stdout.write(path.join(fs.realpathSync(process.argv[1]), '..', 'bin', 'pod-sequencer.cjs'))" "%~dp0." 2^>nul`) do set "PKG=%%P"
if not defined PKG goto onpath
if not exist "%PKG%" goto onpath
node "%PKG%" post-render %ARGS%
exit /b
:onpath
where pod-sequencer >nul 2>nul || goto missing
pod-sequencer post-render %ARGS%
exit /b
:override
"%POD_SEQUENCER_BIN%" post-render %ARGS%
exit /b
:missing
echo pod-sequencer: cannot find pod-sequencer: set POD_SEQUENCER_BIN, install the plugin from node_modules\pod-sequencer\helm-plugin, or npm install -g pod-sequencer 1>&2
exit /b 127
