package dev.quipu.rates.cache;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rates each country answers with, their units and what kind of quantity they are. The spec names
 * usd_cop, dtf_ea, usd_mxn, tiie_28, usd_brl, selic, usd_clp, uf_clp, usd_ars and usd_ars_blue; the
 * others (Colombia's policy rate and IBR, Peru's interbank rates) are documented extensions.
 */
public final class RateCatalog {

    public enum Kind { FX, FX_BUY, FX_PARALLEL, INTEREST, INDEX }

    public record Rate(String name, String country, String unit, Kind kind, String description) {
    }

    private static final Map<String, Rate> RATES = new LinkedHashMap<>();

    static {
        add("usd_cop", "CO", "COP per USD", Kind.FX, "TRM, tasa representativa del mercado");
        add("dtf_ea", "CO", "% effective annual", Kind.INTEREST, "DTF, 90-day deposit rate");
        // beyond the spec's named fields (it leaves the rest of the body open): BanRep's policy rate and the
        // IBR, under the names the original service used publicly (docs/rates.md)
        add("banrep_rate_pct", "CO", "% annual", Kind.INTEREST, "Banco de la República policy rate (tasa de intervención)");
        add("ibr_90", "CO", "% effective annual", Kind.INTEREST, "IBR 3 months (90 days), interbank reference rate, effective");
        add("usd_mxn", "MX", "MXN per USD", Kind.FX, "FIX, tipo de cambio para solventar obligaciones");
        add("tiie_28", "MX", "% annual", Kind.INTEREST, "TIIE 28 días, interbank equilibrium rate");
        add("usd_brl", "BR", "BRL per USD", Kind.FX, "PTAX, closing bulletin, sell");
        add("selic", "BR", "% per year", Kind.INTEREST, "Selic target set by Copom (SGS 432)");
        add("usd_clp", "CL", "CLP per USD", Kind.FX, "Dólar observado");
        add("uf_clp", "CL", "CLP per UF", Kind.INDEX, "Unidad de fomento");
        add("usd_pen", "PE", "PEN per USD", Kind.FX, "Interbank rate, sell (venta)");
        add("usd_pen_buy", "PE", "PEN per USD", Kind.FX_BUY, "Interbank rate, buy (compra)");
        add("usd_ars", "AR", "ARS per USD", Kind.FX, "Official wholesale rate, Com. A 3500");
        add("usd_ars_blue", "AR", "ARS per USD", Kind.FX_PARALLEL, "Dólar blue, unofficial street quote (sell)");
    }

    private RateCatalog() {
    }

    private static void add(String name, String country, String unit, Kind kind, String description) {
        RATES.put(name, new Rate(name, country, unit, kind, description));
    }

    public static Rate rate(String name) {
        return RATES.get(name);
    }

    public static List<Rate> of(String country) {
        return RATES.values().stream().filter(r -> r.country().equals(country)).toList();
    }

    /** The official USD rate of the country (what {@code primary_fx_usd} reports). */
    public static Rate primaryFx(String country) {
        return of(country).stream().filter(r -> r.kind() == Kind.FX).findFirst().orElseThrow();
    }

    /** The benchmark interest rate of the country, if we carry one (CO DTF, MX TIIE 28, BR Selic). */
    public static Rate benchmark(String country) {
        return of(country).stream().filter(r -> r.kind() == Kind.INTEREST).findFirst().orElse(null);
    }
}
