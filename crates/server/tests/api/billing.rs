//! Billing: the demo builders' invoices and balance, one invoice and its PDF (base64 and by a
//! short-lived link), the billing customer, an admin's account, payments and credits, the
//! monthly job, and other builders kept out.

use chrono::{Datelike, Duration, NaiveDate};

use super::*;

fn day(value: &Value) -> NaiveDate {
    value.as_str().unwrap().parse().unwrap()
}

#[tokio::test]
async fn a_builders_invoices_show_their_lines_status_and_balance() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let list = get(&w, &pm, "/api/invoices").await;
    let invoices = list["data"].as_array().unwrap();
    // Six months of invoices, newest first, each billing the month before its date.
    assert_eq!(invoices.len(), 6);
    assert_eq!(list["total"], 6);
    let today = w.state.hardware.now().date_naive();
    let mut balance = 0;
    for (n, invoice) in invoices.iter().enumerate() {
        let date = day(&invoice["date"]);
        assert_eq!(date.day(), 1);
        assert_eq!(day(&invoice["period_end"]), date.pred_opt().unwrap());
        assert_eq!(day(&invoice["dueDate"]), date + Duration::days(15));
        assert_eq!(invoice["net_term_days"], 15);
        let lines = invoice["salesLineItems"].as_array().unwrap();
        assert_eq!(lines.len(), 1);
        let line = &lines[0];
        assert_eq!(
            line["amount"].as_i64().unwrap(),
            line["quantity"].as_i64().unwrap() * line["unitPrice"].as_i64().unwrap()
        );
        assert_eq!(line["unitPrice"], 2_500);
        assert_eq!(invoice["totalAmount"], line["amount"]);
        assert_eq!(line["itemName"], "Self-Tour Subscription");
        let owed = invoice["totalAmount"].as_i64().unwrap()
            - invoice["credits_applied"].as_i64().unwrap()
            - invoice["amount_paid"].as_i64().unwrap();
        assert_eq!(invoice["balance"], owed);
        balance += owed;
        let shown = domain::billing::shown_status(owed, day(&invoice["dueDate"]), today);
        assert_eq!(invoice["shownStatus"], shown);
        // The demo paid all but the last two.
        if n >= 2 {
            assert_eq!(invoice["status"], "paid");
            assert_eq!(invoice["shownStatus"], "Paid");
        } else {
            assert_eq!(invoice["status"], "not_paid");
            assert!(owed > 0);
        }
        // Last month's is past its due date whatever the day.
        if n == 1 {
            assert_eq!(invoice["shownStatus"], "Overdue");
        }
        if n > 0 {
            assert!(day(&invoices[n - 1]["date"]) > date, "newest first");
        }
        assert_eq!(invoice["customer"]["company"], "Brightway Homes");
        assert_eq!(
            invoice["subscriptions"][0]["plan"]["invoice_name"],
            "Self-Tour Subscription"
        );
    }
    assert_eq!(list["balance"], balance);
    // One of the paid ones had a credit as well as a payment.
    assert!(invoices
        .iter()
        .any(|i| i["credits_applied"].as_i64().unwrap() > 0
            && i["payments"].as_array().unwrap().len() == 2));

    let id = invoices[0]["id"].as_i64().unwrap();
    let one = get(&w, &pm, &format!("/api/invoices/{id}")).await;
    assert_eq!(one["docNumber"], invoices[0]["docNumber"]);
    let builder = builder_of_session(&w, &pm).await;
    let customer = get(&w, &pm, &format!("/api/billing/customer/{builder}")).await;
    assert_eq!(customer["balance"], balance);
    assert_eq!(customer["account"]["plan_unit"], "home");
    assert!(customer["builderQuickbookId"]
        .as_str()
        .unwrap()
        .starts_with("QB-"));
    let of_customer = get(
        &w,
        &pm,
        &format!("/api/billing/customer/invoices/{builder}"),
    )
    .await;
    assert_eq!(of_customer["data"], list["data"]);

    // Another builder's invoices, customer and links are not found.
    let cedar = w.sign_in("cedar.pm").await;
    let cedar_builder = builder_of_session(&w, &cedar).await;
    let foreign = get(&w, &cedar, "/api/invoices").await["data"][0]["id"]
        .as_i64()
        .unwrap();
    for path in [
        format!("/api/invoices/{foreign}"),
        format!("/api/invoices/fake-pdf?id={foreign}"),
        format!("/api/billing/invoice/{foreign}"),
        format!("/api/billing/customer/{cedar_builder}"),
        format!("/api/billing/customer/invoices/{cedar_builder}"),
        "/api/invoices/999999".to_string(),
    ] {
        let answer = w.get(&pm, &path).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}");
    }
    w.done().await;
}

#[tokio::test]
async fn an_invoice_prints_as_a_pdf_and_its_link_runs_out() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let invoice = get(&w, &pm, "/api/invoices").await["data"][0].clone();
    let id = invoice["id"].as_i64().unwrap();
    let doc = invoice["docNumber"].as_str().unwrap();

    let encoded = get(&w, &pm, &format!("/api/invoices/fake-pdf?id={id}")).await;
    assert_eq!(encoded["fileName"], format!("invoice-{doc}.pdf"));
    let bytes = base64::Engine::decode(
        &base64::engine::general_purpose::STANDARD,
        encoded["pdf"].as_str().unwrap(),
    )
    .unwrap();
    let text = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    for expected in [
        format!("Invoice # {doc}"),
        "Brightway Homes".to_string(),
        "Attn: Accounts Payable".to_string(),
        "Net 15".to_string(),
        "Balance Due".to_string(),
        "Payments/Credits".to_string(),
        domain::billing::dollars(invoice["balance"].as_i64().unwrap()),
    ] {
        assert!(text.contains(&expected), "{expected} in {text}");
    }

    let link = get(&w, &pm, &format!("/api/billing/invoice/{id}")).await["invoiceLink"]
        .as_str()
        .unwrap()
        .to_string();
    let path = link
        .split_once("/api/")
        .map(|(_, p)| format!("/api/{p}"))
        .unwrap();
    assert!(path.starts_with(&format!("/api/billing/invoice/{id}/pdf?grant=")));
    // The link opens in a new tab, without the session.
    let opened = w.call(Method::GET, &path, None, None).await;
    assert_eq!(opened.status, StatusCode::OK);
    assert_eq!(opened.headers[header::CONTENT_TYPE], "application/pdf");
    assert!(opened.body.starts_with(b"%PDF-"));
    // Not for another invoice, not altered, and not after a quarter of an hour.
    let other = get(&w, &pm, "/api/invoices").await["data"][1]["id"]
        .as_i64()
        .unwrap();
    let moved = path.replace(&format!("/invoice/{id}/"), &format!("/invoice/{other}/"));
    let altered = format!("{path}x");
    for refused in [moved, altered] {
        assert_eq!(
            w.call(Method::GET, &refused, None, None).await.status,
            StatusCode::NOT_FOUND
        );
    }
    w.clock.advance(Duration::minutes(16));
    assert_eq!(
        w.call(Method::GET, &path, None, None).await.status,
        StatusCode::NOT_FOUND
    );
    w.done().await;
}

#[tokio::test]
async fn admins_keep_the_books_and_invoices_are_issued_monthly() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let admin = w.sign_in("demo.admin").await;
    let builder = builder_of_session(&w, &pm).await;
    let invoices = get(&w, &pm, "/api/invoices").await["data"].clone();
    let overdue = invoices[1].clone();
    let id = overdue["id"].as_i64().unwrap();
    let balance = overdue["balance"].as_i64().unwrap();
    let path = format!("/api/invoices/{id}/payments");
    let pay = |token: &String, body: Value| {
        let (w, path, token) = (&w, path.clone(), token.clone());
        async move { w.post(&token, &path, body).await }
    };

    // Staff cannot record payments; amounts are checked against the balance.
    let by_staff = pay(&pm, json!({"kind": "payment", "amount": 100})).await;
    assert_eq!(by_staff.status, StatusCode::FORBIDDEN);
    let too_much = pay(&admin, json!({"kind": "payment", "amount": balance + 1})).await;
    assert_eq!(too_much.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        too_much.json()["errors"]["amount"],
        format!(
            "Amount cannot be more than the balance due ({})",
            domain::billing::dollars(balance)
        )
    );
    for bad in [
        json!({"kind": "payment", "amount": 0}),
        json!({"kind": "refund", "amount": 5}),
    ] {
        assert_eq!(
            pay(&admin, bad).await.status,
            StatusCode::UNPROCESSABLE_ENTITY
        );
    }
    let unchanged = get(&w, &pm, &format!("/api/invoices/{id}")).await;
    assert_eq!(unchanged["balance"], balance);
    assert_eq!(unchanged["payments"], json!([]));

    // A credit, then the rest paid: the invoice is paid.
    let credited = pay(
        &admin,
        json!({"kind": "credit", "amount": 500, "note": "Goodwill"}),
    )
    .await;
    assert_eq!(credited.status, StatusCode::OK, "{}", credited.text());
    assert_eq!(credited.json()["balance"], balance - 500);
    assert_eq!(credited.json()["status"], "not_paid");
    let paid = pay(
        &admin,
        json!({"kind": "payment", "amount": balance - 500, "note": "Check 1042"}),
    )
    .await;
    let paid = paid.json();
    assert_eq!(paid["balance"], 0);
    assert_eq!(paid["status"], "paid");
    assert_eq!(paid["shownStatus"], "Paid");
    assert_eq!(paid["credits_applied"], 500);
    assert_eq!(paid["payments"][1]["recorded_by"], "demo.admin");
    assert_eq!(
        pay(&admin, json!({"kind": "payment", "amount": 1}))
            .await
            .status,
        StatusCode::UNPROCESSABLE_ENTITY
    );

    // The account: admins only, checked, and the next invoice follows it.
    let account = json!({"plan_unit": "device", "plan_unit_price": 1_500, "invoice_name": "Lock Plan",
        "description": "", "net_term_days": 15, "company": "Brightway Homes", "first_name": "Paula",
        "last_name": "Manning", "line1": "1 Main St", "city": "Austin", "state_code": "TX", "zip": "78701",
        "builderQuickbookId": "QB-77"});
    let customer = format!("/api/billing/customer/{builder}");
    let by_pm = w.put(&pm, &customer, account.clone()).await;
    assert_eq!(by_pm.status, StatusCode::FORBIDDEN);
    let mut wrong = account.clone();
    wrong["plan_unit"] = json!("month");
    wrong["city"] = json!(" ");
    let refused = w.put(&admin, &customer, wrong).await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.json()["errors"]["city"], "City is required");
    let saved = w.put(&admin, &customer, account).await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.text());
    assert_eq!(saved.json()["builderQuickbookId"], "QB-77");

    // On the 1st of next month the job issues this month's invoice, once.
    let now = w.state.hardware.now();
    let next = domain::billing::month_of(now.date_naive())
        .1
        .succ_opt()
        .unwrap();
    let issue_at = next.and_hms_opt(9, 30, 0).unwrap().and_utc();
    w.clock.advance(issue_at - now);
    let worker = worker(&w);
    for _ in 0..2 {
        worker.tick().await;
        drain(&worker).await;
    }
    let after = get(&w, &pm, "/api/invoices").await;
    assert_eq!(after["total"], 7);
    let newest = &after["data"][0];
    assert_eq!(day(&newest["date"]), next);
    assert_eq!(
        day(&newest["period_start"]),
        domain::billing::month_of(now.date_naive()).0
    );
    assert_eq!(day(&newest["dueDate"]), next + Duration::days(15));
    assert_eq!(newest["salesLineItems"][0]["unitPrice"], 1_500);
    assert_eq!(
        newest["subscriptions"][0]["subscription"]["plan_unit"],
        "device"
    );
    assert_eq!(
        newest["docNumber"],
        domain::billing::doc_number(builder, domain::billing::month_of(now.date_naive()).0)
    );
    // Every builder with an account is invoiced, each on its own.
    let cedar = w.sign_in("cedar.pm").await;
    assert_eq!(get(&w, &cedar, "/api/invoices").await["total"], 7);
    w.done().await;
}
