package dev.quipu.registry.br;

import dev.quipu.registry.company.CompanyRecord;
import dev.quipu.registry.company.Confidence;
import dev.quipu.registry.company.SourceRef;
import dev.quipu.registry.company.TaxIdView;
import dev.quipu.registry.load.BulkDataset;
import dev.quipu.registry.load.CutOff;
import dev.quipu.registry.lookup.BundledSample;
import dev.quipu.registry.lookup.ConfidenceRule;
import dev.quipu.registry.lookup.CountryRegistry;
import dev.quipu.registry.lookup.Evidence;
import dev.quipu.registry.lookup.LiveResult;
import dev.quipu.registry.lookup.LiveSource;
import dev.quipu.registry.lookup.SourceRefs;
import dev.quipu.registry.store.StoredRow;
import dev.quipu.registry.taxid.TaxIdCheck;
import dev.quipu.registry.taxid.TaxIdType;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Brazil: a CNPJ answered from the mirror of the RFB's data when it answers, then the RFB's own files
 * (the establishment of the exact CNPJ; the company, its partners and Simples option by the CNPJ's
 * 8-character base), then CVM's register of public companies. A CPF (a natural person) is keyed but no
 * dataset is kept by CPF, so it is known to no source here.
 */
@Singleton
public class BrazilRegistry implements CountryRegistry {

    static final Duration RFB_CYCLE = Duration.ofDays(31);
    // taken as daily (dados.cvm.gov.br rebuilds its files often; not verified here): a CVM-only answer is
    // MEDIUM as partial whatever the cycle, so only the reason's wording depends on it
    static final Duration CVM_CYCLE = Duration.ofDays(1);

    private final EmpresasDataset empresas;
    private final EstabelecimentosDataset estabelecimentos;
    private final SociosDataset socios;
    private final SimplesDataset simples;
    private final CvmCiasAbertasDataset cvm;
    private final BrCnpjMirror mirror;
    private final RfbCodeTables codes;
    private final RfbAnswer rfb;
    private final JsonMapper json;
    private final Clock clock;

    public BrazilRegistry(EmpresasDataset empresas, EstabelecimentosDataset estabelecimentos, SociosDataset socios,
                          SimplesDataset simples, CvmCiasAbertasDataset cvm, BrCnpjMirror mirror, RfbCodeTables codes,
                          JsonMapper json, Clock clock) {
        this.empresas = empresas;
        this.estabelecimentos = estabelecimentos;
        this.socios = socios;
        this.simples = simples;
        this.cvm = cvm;
        this.mirror = mirror;
        this.codes = codes;
        this.rfb = new RfbAnswer(codes);
        this.json = json;
        this.clock = clock;
    }

    @Override
    public String country() {
        return "BR";
    }

    @Override
    public List<BulkDataset> datasets() {
        return List.of(empresas, estabelecimentos, socios, simples, cvm);
    }

    @Override
    public List<LiveSource> liveSources() {
        return List.of(mirror);
    }

    @Override
    public List<BundledSample> bundled() {
        String folder = RfbCodeTables.FOLDER;
        String release = RfbRelease.BUNDLED_RELEASE_URL;
        return List.of(
                new BundledSample(EmpresasDataset.ID, folder + "EMPRECSV.csv", release, RfbRelease.BUNDLED),
                new BundledSample(EstabelecimentosDataset.ID, folder + "ESTABELE.csv", release, RfbRelease.BUNDLED),
                new BundledSample(SociosDataset.ID, folder + "SOCIOCSV.csv", release, RfbRelease.BUNDLED),
                new BundledSample(SimplesDataset.ID, folder + "SIMPLESCSV.csv", release, RfbRelease.BUNDLED),
                new BundledSample(CvmCiasAbertasDataset.ID, "registry/br/cvm/cad_cia_aberta.csv.gz",
                        CvmCiasAbertasDataset.OFFICIAL_URL, CutOff.unknown()));
    }

    /**
     * A CNPJ: itself (Estabelecimentos, CVM), its base (Empresas, Sócios, Simples) and, for a branch, its
     * head office's CNPJ (base + 0001), under which CVM lists the company. A CPF: itself.
     */
    @Override
    public List<String> keys(TaxIdCheck id) {
        String n = id.normalized();
        if (id.type().orElse(null) != TaxIdType.CNPJ) {
            return List.of(n);
        }
        String head = headOffice(n);
        return head.equals(n) ? List.of(n, n.substring(0, 8)) : List.of(n, n.substring(0, 8), head);
    }

    /** The CNPJ of order 0001 with this base: by convention the head office (matriz). */
    static String headOffice(String cnpj14) {
        String base = cnpj14.substring(0, 8) + "0001";
        int first = mod11(base);
        return base + first + mod11(base + first);
    }

    /** The CNPJ's modulo-11 check digit (weights 2…9 from the right; each character weighs ASCII − 48). */
    private static int mod11(String chars) {
        int sum = 0;
        int weight = 2;
        for (int i = chars.length() - 1; i >= 0; i--) {
            sum += (chars.charAt(i) - 48) * weight;
            weight = weight == 9 ? 2 : weight + 1;
        }
        int r = sum % 11;
        return r < 2 ? 0 : 11 - r;
    }

    @Override
    public Optional<CompanyRecord> assemble(TaxIdCheck id, Evidence evidence) {
        if (!id.valid() || id.type().orElse(null) != TaxIdType.CNPJ) {
            return Optional.empty();
        }
        String cnpj = id.normalized();
        String basico = cnpj.substring(0, 8);
        String head = headOffice(cnpj);
        BrAssembly a = new BrAssembly(TaxIdView.of(id));
        SourceRef primary = null;
        boolean partial = false;

        Optional<LiveResult> live = evidence.live(BrCnpjMirror.ID);
        if (live.isPresent()) {
            Optional<MirrorAnswer> answer = MirrorAnswer.parse(json, live.get().body());
            if (answer.isPresent()) {
                SourceRef ref = SourceRefs.of(live.get());
                answer.get().contribute(a, ref.id(), id.formatted(), codes, ref.cutOff());
                a.source(ref);
                primary = ref;
            } else {
                a.notVerified("the mirror's answer (" + mirror.publicUrl() + ") could not be read as JSON");
            }
        }

        Optional<StoredRow> est = evidence.first(EstabelecimentosDataset.ID, cnpj);
        est.ifPresent(row -> {
            rfb.establishment(row, id.formatted(), a);
            a.source(SourceRefs.of(estabelecimentos, row));
        });
        Optional<StoredRow> emp = evidence.first(EmpresasDataset.ID, basico);
        emp.ifPresent(row -> {
            rfb.empresa(row, a);
            a.source(SourceRefs.of(empresas, row));
        });
        List<StoredRow> partnerRows = newestLoad(evidence.rows(SociosDataset.ID), basico);
        if (!partnerRows.isEmpty()) {
            rfb.socios(partnerRows, a);
            a.source(SourceRefs.of(socios, partnerRows.get(0)));
        }
        Optional<StoredRow> opt = evidence.first(SimplesDataset.ID, basico);
        opt.ifPresent(row -> {
            rfb.simples(row, a);
            a.source(SourceRefs.of(simples, row));
        });

        List<StoredRow> cvmOwn = newestLoad(evidence.rows(CvmCiasAbertasDataset.ID), cnpj);
        List<StoredRow> cvmHead = head.equals(cnpj) ? List.of() : newestLoad(evidence.rows(CvmCiasAbertasDataset.ID), head);
        if (!cvmOwn.isEmpty()) {
            CvmAnswer.company(cvmOwn.get(0), a);
            CvmAnswer.listings(cvmOwn, a);
            a.source(SourceRefs.of(cvm, cvmOwn.get(0)));
        } else if (!cvmHead.isEmpty() && !a.sources().isEmpty()) {
            // only for an establishment some source knows (never to vouch for a branch number alone): the razão
            // social belongs to the company, shared by all its establishments; the rest is the head office's
            StoredRow row = cvmHead.get(0);
            a.company.legalName(row.fields().get("DENOM_SOCIAL"), row.dataset());
            CvmAnswer.listings(cvmHead, a);
            a.source(SourceRefs.of(cvm, row));
            a.notVerified("legal name from CVM's record of the head office " + format(head)
                    + ": a company's razão social is shared by all its establishments");
        }

        if (primary == null && est.isPresent()) {
            primary = SourceRefs.of(estabelecimentos, est.get());
            partial = emp.isEmpty();
        } else if (primary == null && emp.isPresent()) {
            primary = SourceRefs.of(empresas, emp.get());
            partial = true;
        } else if (primary == null && !cvmOwn.isEmpty()) {
            primary = SourceRefs.of(cvm, cvmOwn.get(0));
            partial = true;
        } else if (primary == null && !a.sources().isEmpty()) {
            primary = a.sources().get(0);
            partial = true;
        }
        if (primary == null) {
            return Optional.empty();
        }
        unverified(a, cnpj, primary.id().equals(BrCnpjMirror.ID), est.isPresent(), emp.isPresent(), !cvmOwn.isEmpty(),
                a.company.fieldSources().containsValue(CvmCiasAbertasDataset.ID));

        LocalDate today = LocalDate.now(clock);
        Duration cycle = primary.id().equals(CvmCiasAbertasDataset.ID) ? CVM_CYCLE : RFB_CYCLE;
        Confidence confidence = ConfidenceRule.registryRecord(primary, cycle, partial, today);
        return Optional.of(new CompanyRecord(a.company.build(), a.listings(), a.sources(), a.company.fieldSources(),
                confidence, null, a.notVerified()));
    }

    /** What stayed unchecked, in words: which sources had no record, where the status came from. */
    private void unverified(BrAssembly a, String cnpj, boolean mirrorAnswered, boolean est, boolean emp,
                            boolean cvmOwn, boolean cvmName) {
        if (!mirrorAnswered && mirror.enabled()) {
            a.notVerified("the CNPJ mirror (" + mirror.publicUrl() + ") gave no record of this CNPJ (not found, or"
                    + " not reachable with no earlier answer kept)");
        }
        if (mirrorAnswered) {
            return;
        }
        if (!est) {
            a.notVerified("no RFB Estabelecimentos record of this CNPJ in the loaded files"
                    + (cvmOwn ? ": the status is the CVM registration's, not the RFB's situação cadastral" : "")
                    + (cnpj.startsWith("0001", 8) ? "" : "; order " + cnpj.substring(8, 12)
                    + " is not 0001, usually a branch (filial), but no record says so"));
        }
        if (!emp) {
            a.notVerified("no RFB Empresas record of the base " + cnpj.substring(0, 8) + " in the loaded files"
                    + (cvmName ? ": legal form, capital and size unknown; the legal name is CVM's" : ""));
        }
    }

    /** The rows under {@code key} of the dataset's newest complete load (editions never mix in one answer). */
    private static List<StoredRow> newestLoad(List<StoredRow> newestFirst, String key) {
        List<StoredRow> out = new ArrayList<>();
        Long load = null;
        for (StoredRow r : newestFirst) {
            if (!r.key().equals(key)) {
                continue;
            }
            if (load == null) {
                load = r.load().id();
            }
            if (r.load().id() == load) {
                out.add(r);
            }
        }
        return out;
    }

    private static String format(String cnpj14) {
        return cnpj14.substring(0, 2) + "." + cnpj14.substring(2, 5) + "." + cnpj14.substring(5, 8) + "/"
                + cnpj14.substring(8, 12) + "-" + cnpj14.substring(12);
    }
}
