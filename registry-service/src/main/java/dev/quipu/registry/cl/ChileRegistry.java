package dev.quipu.registry.cl;

import dev.quipu.registry.company.Activity;
import dev.quipu.registry.company.Address;
import dev.quipu.registry.company.Capital;
import dev.quipu.registry.company.CompanyBuilder;
import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.company.CompanyStatus;
import dev.quipu.registry.company.Confidence;
import dev.quipu.registry.company.SourceRef;
import dev.quipu.registry.company.TaxIdView;
import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.lookup.BundledSample;
import dev.quipu.registry.lookup.ConfidenceRule;
import dev.quipu.registry.lookup.CountryRegistry;
import dev.quipu.registry.lookup.Evidence;
import dev.quipu.registry.lookup.SourceRefs;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIdCheck;
import jakarta.inject.Singleton;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Chile. SII's nómina (when loaded) gives the company's current state (end of activities, activity, sales
 * band); the Registro de Empresas y Sociedades gives its constitution (name, legal form, date, capital,
 * comuna). The register alone is a partial record: it says how a company began, not how it stands.
 */
@Singleton
public class ChileRegistry implements CountryRegistry {

    static final Duration NOMINA_CYCLE = Duration.ofDays(366);
    static final Duration RES_CYCLE = Duration.ofDays(366);
    static final String RES_TYPE = "Registro de Empresas y Sociedades — constitución";
    private static final Pattern ACTIVITY = Pattern.compile("^(\\d{5,6})\\s*[-–:]?\\s*(.*)$");

    private final SiiNominaDataset nomina;
    private final ResDataset res;
    private final Clock clock;

    public ChileRegistry(SiiNominaDataset nomina, ResDataset res, Clock clock) {
        this.nomina = nomina;
        this.res = res;
        this.clock = clock;
    }

    @Override
    public String country() {
        return "CL";
    }

    @Override
    public List<BulkDataset> datasets() {
        return List.of(nomina, res);
    }

    @Override
    public List<BundledSample> bundled() {
        return List.of(new BundledSample(ResDataset.ID, "registry/cl/res/2013-sociedades-por-fecha-rut-constitucion.csv.gz",
                ResDataset.DATASET_PAGE, new CutOff(LocalDate.of(2013, 12, 31), "a closed year of constitutions")));
    }

    @Override
    public List<String> keys(TaxIdCheck id) {
        return List.of(id.normalized());
    }

    @Override
    public Optional<CompanyRecord> assemble(TaxIdCheck id, Evidence evidence) {
        String key = id.normalized();
        Optional<StoredRow> sii = evidence.first(SiiNominaDataset.ID, key);
        Optional<StoredRow> constitution = evidence.first(ResDataset.ID, key);
        if (sii.isEmpty() && constitution.isEmpty()) {
            return Optional.empty();
        }
        CompanyBuilder company = new CompanyBuilder(TaxIdView.of(id));
        Map<Long, SourceRef> sources = new LinkedHashMap<>();
        List<String> notVerified = new ArrayList<>();
        sii.ifPresent(row -> fromNomina(row, company, sources));
        constitution.ifPresent(row -> fromRes(row, company, sources));

        LocalDate today = LocalDate.now(clock);
        Confidence confidence = sii.isPresent()
                ? ConfidenceRule.registryRecord(SourceRefs.of(nomina, sii.get()), NOMINA_CYCLE, false, today)
                : ConfidenceRule.registryRecord(SourceRefs.of(res, constitution.get()), RES_CYCLE, true, today);
        if (sii.isEmpty()) {
            notVerified.add("Only the company's constitution is known (Registro de Empresas y Sociedades): whether it is"
                    + " still active, its current address and activities could not be checked; SII's nómina is not loaded"
                    + " or does not list the RUT, and SII's Situación Tributaria de Terceros is behind a captcha.");
        }
        if (constitution.isEmpty()) {
            notVerified.add("The company is not in the loaded years of the Registro de Empresas y Sociedades (which holds"
                    + " only companies constituted under Ley 20.659 since May 2013): its legal form, constitution date and"
                    + " capital could not be checked.");
        }
        notVerified.add("Neither source publishes representatives or partners.");
        return Optional.of(new CompanyRecord(company.build(), List.of(), List.copyOf(sources.values()),
                company.fieldSources(), confidence, null, List.copyOf(notVerified)));
    }

    private void fromNomina(StoredRow row, CompanyBuilder company, Map<Long, SourceRef> sources) {
        Map<String, String> f = row.fields();
        String source = nomina.id();
        sources.put(row.load().id(), SourceRefs.of(nomina, row));
        company.legalName(SiiNomina.field(f, "razon", "social"), source)
                .status(status(f), source)
                .dissolutionDate(SiiNomina.date(SiiNomina.field(f, List.of("fecha", "termino"), List.of("tipo"))), source)
                .address(address(SiiNomina.field(f, "comuna"), SiiNomina.field(f, "region")), source)
                .size(band(SiiNomina.field(f, "tramo", "ventas")), source);
        String activity = SiiNomina.field(f, "actividad", "economica");
        if (activity != null) {
            Matcher m = ACTIVITY.matcher(activity.strip());
            if (m.matches()) {
                company.activities(List.of(new Activity(m.group(1), "SII actividad económica",
                        m.group(2).isBlank() ? null : m.group(2), true)), source);
            }
        }
    }

    private void fromRes(StoredRow row, CompanyBuilder company, Map<Long, SourceRef> sources) {
        Map<String, String> f = row.fields();
        String source = res.id();
        sources.put(row.load().id(), SourceRefs.of(res, row));
        company.legalName(f.get("Razon Social"), source)
                .legalForm(ChileForms.of(f.get("Codigo de sociedad")), source)
                .registrationType(RES_TYPE, source)
                .registrationAuthority("Registro de Empresas y Sociedades (Ministerio de Economía, Fomento y Turismo)", source)
                .registrationDate(ResReader.date(f.get(ResReader.REGISTERED)), source)
                .capital(capital(f.get("Capital")), source)
                .address(address(f.get("Comuna Social"), f.get("Region Social")), source);
    }

    /** A término de giro ends the company; SII's own (de oficio) is read as inactive, the company's as dissolved. */
    static CompanyStatus status(Map<String, String> f) {
        String ended = SiiNomina.field(f, List.of("fecha", "termino"), List.of("tipo"));
        String kind = SiiNomina.field(f, "tipo", "termino");
        if (ended == null) {
            return new CompanyStatus("sin término de giro", CompanyStatus.ACTIVE, null);
        }
        boolean exOfficio = kind != null && SiiNomina.plain(kind).contains("oficio");
        String wording = "término de giro" + (kind == null ? "" : " (" + kind + ")");
        return new CompanyStatus(wording, exOfficio ? CompanyStatus.INACTIVE : CompanyStatus.DISSOLVED, SiiNomina.date(ended));
    }

    private static Address address(String comuna, String region) {
        if (comuna == null && region == null) {
            return null;
        }
        return new Address(null, null, comuna, ChileForms.region(region), null, "CL");
    }

    private static Capital capital(String clp) {
        if (clp == null || !clp.strip().matches("\\d+")) {
            return null;
        }
        return new Capital(new BigDecimal(clp.strip()), "CLP");
    }

    private static String band(String tramo) {
        return tramo == null ? null : "SII tramo de ventas " + tramo;
    }
}
