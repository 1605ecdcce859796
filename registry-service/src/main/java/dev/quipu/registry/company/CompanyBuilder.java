package dev.quipu.registry.company;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Assembles a {@link Company} from several sources, remembering which source gave each field. Each
 * setter keeps the first non-blank value it is given: an assembler asks its sources in order of
 * preference (the live registry, then the newest bulk file, then lists). Blank strings count as absent.
 */
public final class CompanyBuilder {

    private final TaxIdView taxId;
    private final Map<String, String> fieldSources = new LinkedHashMap<>();
    private String legalName;
    private String tradeName;
    private String legalForm;
    private CompanyStatus status;
    private String registrationType;
    private String registrationNumber;
    private String registrationAuthority;
    private LocalDate registrationDate;
    private LocalDate renewalDate;
    private Integer renewedThrough;
    private LocalDate dissolutionDate;
    private Address address;
    private final List<Activity> activities = new ArrayList<>();
    private Capital capital;
    private String size;
    private final List<Person> representatives = new ArrayList<>();
    private final List<Person> partners = new ArrayList<>();

    public CompanyBuilder(TaxIdView taxId) {
        this.taxId = taxId;
    }

    public CompanyBuilder legalName(String v, String source) {
        if (absent(legalName) && !absent(v)) {
            legalName = v.strip();
            fieldSources.put("legal_name", source);
        }
        return this;
    }

    public CompanyBuilder tradeName(String v, String source) {
        if (absent(tradeName) && !absent(v)) {
            tradeName = v.strip();
            fieldSources.put("trade_name", source);
        }
        return this;
    }

    public CompanyBuilder legalForm(String v, String source) {
        if (absent(legalForm) && !absent(v)) {
            legalForm = v.strip();
            fieldSources.put("legal_form", source);
        }
        return this;
    }

    public CompanyBuilder status(CompanyStatus v, String source) {
        if (status == null && v != null) {
            status = v;
            fieldSources.put("status", source);
        }
        return this;
    }

    public CompanyBuilder registrationType(String v, String source) {
        if (absent(registrationType) && !absent(v)) {
            registrationType = v.strip();
            fieldSources.put("registration_type", source);
        }
        return this;
    }

    public CompanyBuilder registrationNumber(String v, String source) {
        if (absent(registrationNumber) && !absent(v)) {
            registrationNumber = v.strip();
            fieldSources.put("registration_number", source);
        }
        return this;
    }

    public CompanyBuilder registrationAuthority(String v, String source) {
        if (absent(registrationAuthority) && !absent(v)) {
            registrationAuthority = v.strip();
            fieldSources.put("registration_authority", source);
        }
        return this;
    }

    public CompanyBuilder registrationDate(LocalDate v, String source) {
        if (registrationDate == null && v != null) {
            registrationDate = v;
            fieldSources.put("registration_date", source);
        }
        return this;
    }

    public CompanyBuilder renewalDate(LocalDate v, String source) {
        if (renewalDate == null && v != null) {
            renewalDate = v;
            fieldSources.put("renewal_date", source);
        }
        return this;
    }

    public CompanyBuilder renewedThrough(Integer v, String source) {
        if (renewedThrough == null && v != null) {
            renewedThrough = v;
            fieldSources.put("renewed_through", source);
        }
        return this;
    }

    public CompanyBuilder dissolutionDate(LocalDate v, String source) {
        if (dissolutionDate == null && v != null) {
            dissolutionDate = v;
            fieldSources.put("dissolution_date", source);
        }
        return this;
    }

    public CompanyBuilder address(Address v, String source) {
        if (address == null && v != null) {
            address = v;
            fieldSources.put("address", source);
        }
        return this;
    }

    /** The activities of the first source that has any (sources do not mix in one list). */
    public CompanyBuilder activities(List<Activity> v, String source) {
        if (activities.isEmpty() && v != null && !v.isEmpty()) {
            activities.addAll(v);
            fieldSources.put("activities", source);
        }
        return this;
    }

    public CompanyBuilder capital(Capital v, String source) {
        if (capital == null && v != null) {
            capital = v;
            fieldSources.put("capital", source);
        }
        return this;
    }

    public CompanyBuilder size(String v, String source) {
        if (absent(size) && !absent(v)) {
            size = v.strip();
            fieldSources.put("size", source);
        }
        return this;
    }

    /** The representatives of the first source that has any. */
    public CompanyBuilder representatives(List<Person> v, String source) {
        if (representatives.isEmpty() && v != null && !v.isEmpty()) {
            representatives.addAll(v);
            fieldSources.put("representatives", source);
        }
        return this;
    }

    /** The partners of the first source that has any. */
    public CompanyBuilder partners(List<Person> v, String source) {
        if (partners.isEmpty() && v != null && !v.isEmpty()) {
            partners.addAll(v);
            fieldSources.put("partners", source);
        }
        return this;
    }

    /** Whether any source gave the company's name (a record without one knows little more than the id). */
    public boolean hasLegalName() {
        return legalName != null;
    }

    public Company build() {
        return new Company(legalName, tradeName, taxId, legalForm, status == null ? CompanyStatus.unknown() : status,
                registrationType, registrationNumber, registrationAuthority, registrationDate, renewalDate,
                renewedThrough, dissolutionDate, address, List.copyOf(activities), capital, size,
                List.copyOf(representatives), List.copyOf(partners));
    }

    /** Field name (as in JSON) → source id, for the fields set. */
    public Map<String, String> fieldSources() {
        return java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fieldSources));
    }

    private static boolean absent(String s) {
        return s == null || s.isBlank() || s.strip().equals("-");
    }
}
