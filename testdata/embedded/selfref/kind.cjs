exports.kind = 'require';
