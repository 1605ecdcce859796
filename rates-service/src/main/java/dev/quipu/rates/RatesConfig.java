package dev.quipu.rates;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.time.Duration;

/** Settings of rates-service ({@code quipu.rates.*} in application.yml; each has an env var). */
@ConfigurationProperties("quipu.rates")
public class RatesConfig {

    /**
     * {@code live} (default): every source is fetched from its publisher in the background, at start and
     * every {@link #refreshInterval}; its bundled recording serves until the first success and whenever a
     * fetch fails. {@code snapshot}: fetching is off, only the bundled recordings serve (tests, CI, offline).
     */
    private String mode = "live";
    /** How often each source is fetched (the spec's 5-minute cache: no answer is older than this while its
     * publisher answers). */
    private Duration refreshInterval = Duration.ofMinutes(5);
    /** Delay of the first fetch after start; start-up itself never waits for a publisher. */
    private Duration initialDelay = Duration.ZERO;
    /** Small, so that an unreachable publisher fails at once instead of holding a refresh thread. */
    private Duration connectTimeout = Duration.ofSeconds(3);
    private Duration httpTimeout = Duration.ofSeconds(10);
    private int breakerFailures = 3;
    private Duration breakerOpenFor = Duration.ofMinutes(1);
    private String snapshotRoot = "snapshots";

    private String datosGovUrl = "https://www.datos.gov.co";
    private String datosGovAppToken;
    private String banrepSdmxUrl = "https://totoro.banrep.gov.co";
    private String banxicoUrl = "https://www.banxico.org.mx/SieAPIRest/service/v1";
    private String banxicoToken;
    private String bcbSgsUrl = "https://api.bcb.gov.br";
    private String bcbOlindaUrl = "https://olinda.bcb.gov.br";
    private String bcchUrl = "https://si3.bcentral.cl";
    private String bcchUser;
    private String bcchPassword;
    private String mindicadorUrl = "https://mindicador.cl";
    private String bcrpUrl = "https://estadisticas.bcrp.gob.pe";
    private String bcraUrl = "https://api.bcra.gob.ar";
    private String dolarapiUrl = "https://dolarapi.com";
    private String dolarapiMxUrl = "https://mx.dolarapi.com";
    private String argentinadatosUrl = "https://api.argentinadatos.com";
    private String bluelyticsUrl = "https://api.bluelytics.com.ar";

    public String getMode() { return mode; }
    /** True unless fetching is switched off ({@code snapshot}). */
    public boolean fetching() { return !"snapshot".equals(mode); }
    public void setMode(String mode) { this.mode = mode; }
    public Duration getRefreshInterval() { return refreshInterval; }
    public void setRefreshInterval(Duration refreshInterval) { this.refreshInterval = refreshInterval; }
    public Duration getInitialDelay() { return initialDelay; }
    public void setInitialDelay(Duration initialDelay) { this.initialDelay = initialDelay; }
    public Duration getConnectTimeout() { return connectTimeout; }
    public void setConnectTimeout(Duration connectTimeout) { this.connectTimeout = connectTimeout; }
    public Duration getHttpTimeout() { return httpTimeout; }
    public void setHttpTimeout(Duration httpTimeout) { this.httpTimeout = httpTimeout; }
    public int getBreakerFailures() { return breakerFailures; }
    public void setBreakerFailures(int breakerFailures) { this.breakerFailures = breakerFailures; }
    public Duration getBreakerOpenFor() { return breakerOpenFor; }
    public void setBreakerOpenFor(Duration breakerOpenFor) { this.breakerOpenFor = breakerOpenFor; }
    public String getSnapshotRoot() { return snapshotRoot; }
    public void setSnapshotRoot(String snapshotRoot) { this.snapshotRoot = snapshotRoot; }
    public String getDatosGovUrl() { return datosGovUrl; }
    public void setDatosGovUrl(String v) { this.datosGovUrl = v; }
    public String getDatosGovAppToken() { return datosGovAppToken; }
    public void setDatosGovAppToken(String v) { this.datosGovAppToken = v; }
    public String getBanrepSdmxUrl() { return banrepSdmxUrl; }
    public void setBanrepSdmxUrl(String v) { this.banrepSdmxUrl = v; }
    public String getBanxicoUrl() { return banxicoUrl; }
    public void setBanxicoUrl(String v) { this.banxicoUrl = v; }
    public String getBanxicoToken() { return banxicoToken; }
    public void setBanxicoToken(String v) { this.banxicoToken = v; }
    public String getBcbSgsUrl() { return bcbSgsUrl; }
    public void setBcbSgsUrl(String v) { this.bcbSgsUrl = v; }
    public String getBcbOlindaUrl() { return bcbOlindaUrl; }
    public void setBcbOlindaUrl(String v) { this.bcbOlindaUrl = v; }
    public String getBcchUrl() { return bcchUrl; }
    public void setBcchUrl(String v) { this.bcchUrl = v; }
    public String getBcchUser() { return bcchUser; }
    public void setBcchUser(String v) { this.bcchUser = v; }
    public String getBcchPassword() { return bcchPassword; }
    public void setBcchPassword(String v) { this.bcchPassword = v; }
    public String getMindicadorUrl() { return mindicadorUrl; }
    public void setMindicadorUrl(String v) { this.mindicadorUrl = v; }
    public String getBcrpUrl() { return bcrpUrl; }
    public void setBcrpUrl(String v) { this.bcrpUrl = v; }
    public String getBcraUrl() { return bcraUrl; }
    public void setBcraUrl(String v) { this.bcraUrl = v; }
    public String getDolarapiUrl() { return dolarapiUrl; }
    public void setDolarapiUrl(String v) { this.dolarapiUrl = v; }
    public String getDolarapiMxUrl() { return dolarapiMxUrl; }
    public void setDolarapiMxUrl(String v) { this.dolarapiMxUrl = v; }
    public String getArgentinadatosUrl() { return argentinadatosUrl; }
    public void setArgentinadatosUrl(String v) { this.argentinadatosUrl = v; }
    public String getBluelyticsUrl() { return bluelyticsUrl; }
    public void setBluelyticsUrl(String v) { this.bluelyticsUrl = v; }
}
